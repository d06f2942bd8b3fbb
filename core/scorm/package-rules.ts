/**
 * What a SCORM package's zip may hold before anything of it is unpacked (functions/scorm/README.md,
 * "Rules"): bounded entries, unpacked size and compression ratio (no zip bomb), and only
 * plain relative paths (nothing may leave the package's own prefix). Judged on the zip's central
 * directory as the zip library reads it; the sizes are verified again while each entry streams.
 */
const MiB = 1024 * 1024;

/** More files than any authoring tool writes for one course, and within what one request may put to R2. */
export const MAX_ENTRIES = 5_000;
/** Unpacked, the whole package. */
export const MAX_UNPACKED_BYTES = 2 * 1024 * MiB;
/** An entry may be this many times its compressed size: text compresses about 10 times, a bomb thousands. */
export const MAX_RATIO = 200;
/** Entries smaller than this are not judged by their ratio: a page of spaces is no bomb. */
export const RATIO_FLOOR = MiB;
/** The manifest is read whole: an XML file of this size is far past any real one. */
export const MAX_MANIFEST_BYTES = 2 * MiB;
export const MANIFEST_NAME = 'imsmanifest.xml';

export type PackageProblem =
  | 'not-zip'
  | 'encrypted'
  | 'too-many-entries'
  | 'too-large-unpacked'
  | 'compression-ratio'
  | 'unsafe-path'
  | 'no-manifest'
  | 'manifest-invalid'
  | 'scorm-version'
  | 'no-launch'
  | 'launch-missing';

export interface PackageRefusal {
  ok: false;
  problem: PackageProblem;
  /** The file or value it is about, for the editor. */
  detail?: string;
}

/** What the zip library says of one entry. */
export interface EntryFacts {
  name: string;
  size: number;
  compressedSize: number;
  encrypted: boolean;
  isDirectory: boolean;
}

const refusal = (problem: PackageProblem, detail?: string): PackageRefusal => ({ ok: false, problem, ...(detail === undefined ? {} : { detail }) });

/**
 * A path inside the package that stays inside it wherever it is unpacked: relative, forward
 * slashes, no `.` or `..` segment, no empty segment, no control character, no drive letter.
 */
export function isSafePath(name: string): boolean {
  if (name.length === 0 || name.length > 512) return false;
  if (name.startsWith('/') || name.includes('\\') || /^[A-Za-z]:/.test(name)) return false;
  if (/[\u0000-\u001f\u007f]/.test(name)) return false;
  const segments = name.replace(/\/$/, '').split('/');
  return segments.every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** The entries' verdict: every bound, every path; the first problem found is the one told. */
export function checkEntries(entries: readonly EntryFacts[]): { ok: true } | PackageRefusal {
  if (entries.length > MAX_ENTRIES) return refusal('too-many-entries', String(entries.length));
  let unpacked = 0;
  for (const entry of entries) {
    if (!isSafePath(entry.name)) return refusal('unsafe-path', entry.name.slice(0, 200));
    if (entry.encrypted) return refusal('encrypted', entry.name);
    if (entry.size > RATIO_FLOOR && entry.size > entry.compressedSize * MAX_RATIO) return refusal('compression-ratio', entry.name);
    unpacked += entry.size;
    if (unpacked > MAX_UNPACKED_BYTES) return refusal('too-large-unpacked');
  }
  const manifest = entries.find((entry) => entry.name === MANIFEST_NAME);
  if (!manifest) return refusal('no-manifest');
  if (manifest.size > MAX_MANIFEST_BYTES) return refusal('manifest-invalid', MANIFEST_NAME);
  return { ok: true };
}
