import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { readManifest, type ScormManifest } from '../../core/scorm/manifest.ts';
import type { PackageRefusal } from '../../core/scorm/package-rules.ts';

/** Elements a manifest may repeat: always lists, so one and many read the same. */
const LISTS = new Set(['organization', 'item', 'resource', 'file', 'dependency']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  // A manifest has no business with entities: none is expanded (no billion laughs).
  processEntities: false,
  isArray: (name) => LISTS.has(name),
});

/** `imsmanifest.xml` parsed by fast-xml-parser (well-formed or refused), then read by core/scorm/manifest.ts. */
export function parseManifest(xml: string, files: ReadonlySet<string>): ScormManifest | PackageRefusal {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return { ok: false, problem: 'manifest-invalid', detail: `${valid.err.msg} (${valid.err.line}:${valid.err.col})`.slice(0, 200) };
  return readManifest(parser.parse(xml) as unknown, files);
}
