import { isSafePath, type PackageRefusal } from './package-rules.ts';

/**
 * A SCORM manifest (`imsmanifest.xml`) as the session needs it: the SCORM version, the course's
 * title, its items in order and the file each launches. Reads the tree the XML parser made
 * (functions/scorm/read-manifest.ts: attributes as `@name`, namespace prefixes dropped, lists for
 * repeatable elements); pure, so the rules are tested without a zip.
 */
export const SCORM_VERSIONS = ['1.2', '2004-3', '2004-4'] as const;
export type ScormVersion = (typeof SCORM_VERSIONS)[number];

export interface ScormItem {
  /**
   * The manifest item's identifier: the key of the learner's runtime data for this item. Packages
   * checked before items had one carry none (see `itemKey`).
   */
  identifier?: string;
  title: string;
  /** The file to open, relative to the package's root, with the item's parameters. */
  launch: string;
  /** What the manifest hands this item's runtime; absent when it says nothing (and for packages checked before). */
  runtime?: ItemRuntime;
}

/**
 * The manifest's word to an item's runtime, which the LMS must pass on when the item starts
 * (SCORM 1.2 `adlcp:` elements, SCORM 2004 `adlcp:` and `imsss:sequencing`). Vendors' packages
 * rely on it: Rustici's golf 2004 example looks up the objectives it declares in the manifest
 * among `cmi.objectives` and takes its passing score from there.
 */
export interface ItemRuntime {
  /** `cmi.launch_data` (1.2 `adlcp:datafromlms`, 2004 `adlcp:dataFromLMS`). */
  launchData?: string;
  /** 1.2 `cmi.student_data.mastery_score` (`adlcp:masteryscore`). */
  masteryScore?: string;
  /** 2004 objective identifiers, the primary objective's first: the item's `cmi.objectives` on a first attempt. */
  objectives?: string[];
  /** 2004 `cmi.scaled_passing_score`: the primary objective's `minNormalizedMeasure` when it is satisfied by measure. */
  scaledPassingScore?: string;
  /** 2004 `cmi.completion_threshold` (`adlcp:completionThreshold`). */
  completionThreshold?: string;
  /**
   * 2004 `deliveryControls completionSetByContent="false"`, the default: the content need not report
   * completion, the LMS sets it when the attempt ends (as packages of plain pages expect).
   */
  completionByLms?: boolean;
}

export interface ScormManifest {
  version: ScormVersion;
  title: string;
  items: ScormItem[];
  /**
   * How long the package says it takes, in seconds: SCORM 2004's `typicalLearningTime` (LOM
   * metadata of the manifest), else the SCORM 1.2 items' `adlcp:maxtimeallowed` added up; null
   * when it says neither. Proposed as the session's duration.
   */
  seconds: number | null;
}

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const child = (node: Node | undefined, name: string): Node | undefined => {
  const value = node?.[name];
  return isNode(value) ? value : Array.isArray(value) && isNode(value[0]) ? value[0] : undefined;
};
const children = (node: Node | undefined, name: string): Node[] => {
  const value = node?.[name];
  return (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(isNode);
};
const text = (node: Node | undefined, name: string): string => {
  const value = node?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first === 'string' || typeof first === 'number') return String(first).trim();
  return isNode(first) && first['#text'] !== undefined ? String(first['#text']).trim() : '';
};
const attribute = (node: Node | undefined, name: string): string => {
  const value = node?.[`@${name}`];
  return typeof value === 'string' ? value.trim() : '';
};

const refusal = (problem: PackageRefusal['problem'], detail?: string): PackageRefusal => ({ ok: false, problem, ...(detail ? { detail } : {}) });

/**
 * The version a manifest declares in `metadata/schemaversion`: "1.2", "2004 3rd Edition" or
 * "2004 4th Edition" (earlier 2004 editions, "CAM 1.3", are refused). A 1.2 manifest without one
 * is known by its resources' `adlcp:scormtype` (2004 spells it `scormType`).
 */
export function scormVersionOf(manifest: Node): ScormVersion | null {
  const declared = text(child(manifest, 'metadata'), 'schemaversion').toLowerCase();
  if (declared === '1.2') return '1.2';
  if (declared === '2004 3rd edition') return '2004-3';
  if (declared === '2004 4th edition') return '2004-4';
  if (declared) return null;
  const resources = children(child(manifest, 'resources'), 'resource');
  return resources.some((resource) => attribute(resource, 'scormtype')) ? '1.2' : null;
}

/** A relative reference resolved against the bases it sits in (`xml:base` of the manifest, resources, resource). */
function joinBase(bases: string[], href: string): string {
  return bases
    .filter(Boolean)
    .reduce((path, base) => (base.endsWith('/') ? base : `${base}/`) + path, href)
    .replace(/^\.\//, '');
}

function withParameters(href: string, parameters: string): string {
  if (!parameters) return href;
  if (parameters.startsWith('?') || parameters.startsWith('#'))
    return href.includes('?') && parameters.startsWith('?') ? `${href}&${parameters.slice(1)}` : `${href}${parameters}`;
  return `${href}${href.includes('?') ? '&' : '?'}${parameters}`;
}

/**
 * Seconds of a duration as manifests write it: ISO 8601 (`PT1H30M`, `P1DT2H`, `PT45.5S`: 2004's
 * typicalLearningTime) or a SCORM 1.2 timespan (`HH:MM:SS`, `HHHH:MM:SS.SS`); null for anything else.
 */
export function durationSeconds(value: string): number | null {
  const iso = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(value.trim());
  if (iso && value.trim() !== 'P' && value.trim() !== 'PT') {
    const [, days = '0', hours = '0', minutes = '0', seconds = '0'] = iso;
    return Math.round(Number(days) * 86_400 + Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds));
  }
  const timespan = /^(\d{1,4}):([0-5]\d):([0-5]\d(?:\.\d{1,2})?)$/.exec(value.trim());
  if (timespan) return Math.round(Number(timespan[1]) * 3600 + Number(timespan[2]) * 60 + Number(timespan[3]));
  return null;
}

/** The manifest's typical learning time in LOM metadata (LOM's `duration`, or the older IMS binding's `datetime`). */
function typicalLearningSeconds(manifest: Node): number | null {
  const metadata = child(manifest, 'metadata');
  const lom = child(metadata, 'lom');
  const educational = child(lom, 'educational');
  const typical = child(educational, 'typicalLearningTime') ?? child(educational, 'typicallearningtime');
  const written = text(typical, 'duration') || text(typical, 'datetime');
  const seconds = written ? durationSeconds(written) : null;
  return seconds !== null && seconds > 0 ? seconds : null;
}

const decimal = (value: string, min: number): string | undefined => {
  const number = value === '' ? NaN : Number(value);
  return Number.isFinite(number) && number >= min && number <= 1 ? String(number) : undefined;
};

/** The manifest's word to one item's runtime (see `ItemRuntime`); undefined when it says nothing. */
function itemRuntime(item: Node, version: ScormVersion): ItemRuntime | undefined {
  const runtime: ItemRuntime = {};
  const launchData = text(item, version === '1.2' ? 'datafromlms' : 'dataFromLMS');
  if (launchData) runtime.launchData = launchData.slice(0, 4000);
  if (version === '1.2') {
    const mastery = Number(text(item, 'masteryscore'));
    if (text(item, 'masteryscore') && Number.isFinite(mastery) && mastery >= 0 && mastery <= 100) runtime.masteryScore = String(mastery);
    return Object.keys(runtime).length > 0 ? runtime : undefined;
  }
  const threshold = child(item, 'completionThreshold');
  // 3rd edition writes the threshold as the element's text, 4th as its minProgressMeasure.
  const completionThreshold = decimal(attribute(threshold, 'minProgressMeasure') || text(item, 'completionThreshold'), 0);
  if (completionThreshold !== undefined) runtime.completionThreshold = completionThreshold;
  const sequencing = child(item, 'sequencing');
  const objectives = child(sequencing, 'objectives');
  const primary = child(objectives, 'primaryObjective');
  const ids = [attribute(primary, 'objectiveID'), ...children(objectives, 'objective').map((objective) => attribute(objective, 'objectiveID'))]
    .filter((id) => id !== '' && id.length <= 4000)
    .slice(0, 100);
  if (ids.length > 0) runtime.objectives = [...new Set(ids)];
  if (attribute(primary, 'satisfiedByMeasure') === 'true') {
    const measure = decimal(text(primary, 'minNormalizedMeasure') || '1', -1);
    if (measure !== undefined) runtime.scaledPassingScore = measure;
  }
  if (attribute(child(sequencing, 'deliveryControls'), 'completionSetByContent') !== 'true') runtime.completionByLms = true;
  return runtime;
}

/**
 * The key of an item's runtime data: its identifier; for a package stored before items had one,
 * '' for the first item (the data kept from before, migration 0030) and its position for others.
 */
export function itemKey(items: readonly ScormItem[], index: number): string {
  return items[index]?.identifier ?? (index === 0 ? '' : String(index));
}

/** The file part of a launch address, decoded: what must exist in the zip. */
export function launchFile(launch: string): string {
  const path = launch.split(/[?#]/)[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Reads the parsed manifest: its version, the default organization's title and items (nested
 * items flattened in order; only those that launch a resource), each item's launch address. The
 * files named must be plain paths inside the package and exist among `files`.
 */
export function readManifest(tree: unknown, files: ReadonlySet<string>): ScormManifest | PackageRefusal {
  const manifest = isNode(tree) ? child(tree, 'manifest') : undefined;
  if (!manifest) return refusal('manifest-invalid');
  const version = scormVersionOf(manifest);
  if (!version) return refusal('scorm-version', text(child(manifest, 'metadata'), 'schemaversion').slice(0, 60) || undefined);
  const resourcesNode = child(manifest, 'resources');
  const resources = new Map(
    children(resourcesNode, 'resource').map((resource) => [
      attribute(resource, 'identifier'),
      attribute(resource, 'href')
        ? joinBase([attribute(resource, 'base'), attribute(resourcesNode, 'base'), attribute(manifest, 'base')], attribute(resource, 'href'))
        : '',
    ]),
  );
  const organizations = child(manifest, 'organizations');
  const all = children(organizations, 'organization');
  const organization = all.find((each) => attribute(each, 'identifier') === attribute(organizations, 'default')) ?? all[0];
  const items: ScormItem[] = [];
  let allowedSeconds = 0;
  const walk = (node: Node) => {
    for (const item of children(node, 'item')) {
      const href = resources.get(attribute(item, 'identifierref'));
      const allowed = text(item, 'maxtimeallowed');
      if (href && allowed) allowedSeconds += durationSeconds(allowed) ?? 0;
      const runtime = href ? itemRuntime(item, version) : undefined;
      if (href)
        items.push({
          identifier: attribute(item, 'identifier').slice(0, 200) || `item-${items.length + 1}`,
          title: text(item, 'title') || href,
          launch: withParameters(href, attribute(item, 'parameters')),
          ...(runtime ? { runtime } : {}),
        });
      walk(item);
    }
  };
  if (organization) walk(organization);
  // A package without organizations still launches its first resource with a file.
  if (items.length === 0) {
    const first = [...resources.values()].find(Boolean);
    if (first) items.push({ identifier: 'item-1', title: first, launch: first });
  }
  if (items.length === 0) return refusal('no-launch');
  for (const item of items) {
    const file = launchFile(item.launch);
    if (!isSafePath(file)) return refusal('unsafe-path', file.slice(0, 200));
    if (!files.has(file)) return refusal('launch-missing', file.slice(0, 200));
  }
  const title = text(organization, 'title') || items[0]?.title || attribute(manifest, 'identifier');
  return {
    version,
    title: title.slice(0, 300),
    items: items.slice(0, 500).map((item) => ({ ...item, title: item.title.slice(0, 300) })),
    seconds: typicalLearningSeconds(manifest) ?? (allowedSeconds > 0 ? allowedSeconds : null),
  };
}
