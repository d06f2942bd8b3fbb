import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { readManifest, type ScormManifest } from '../../core/scorm/manifest.ts';
import type { PackageRefusal } from '../../core/scorm/package-rules.ts';

/** Elements a manifest may repeat: always lists, so one and many read the same. */
const LISTS = new Set(['organization', 'item', 'resource', 'file', 'dependency']);

/**
 * XML's predefined and numeric character references, decoded in text and attributes; a DOCTYPE's
 * own entities are left as written, so none can expand into more text (billion laughs).
 */
export function decodeReferences(value: string): string {
  return value.replace(/&(lt|gt|quot|apos|amp|#\d{1,7}|#x[0-9a-fA-F]{1,6});/g, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' }[name] ?? whole;
  });
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  tagValueProcessor: (_name, value) => decodeReferences(value),
  attributeValueProcessor: (_name, value) => decodeReferences(value),
  isArray: (name) => LISTS.has(name),
});

/** `imsmanifest.xml` parsed by fast-xml-parser (well-formed or refused), then read by core/scorm/manifest.ts. */
export function parseManifest(xml: string, files: ReadonlySet<string>): ScormManifest | PackageRefusal {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    // The parser's own message is English and its position may be missing: the editor is told the line, when there is one.
    const line = Number(valid.err.line);
    return { ok: false, problem: 'manifest-invalid', ...(Number.isInteger(line) && line > 0 ? { detail: String(line) } : {}) };
  }
  return readManifest(parser.parse(xml) as unknown, files);
}
