/**
 * What a SCORM package's zip may hold before anything of it is unpacked (functions/scorm/README.md,
 * "Rules"): bounded entries, unpacked size and compression ratio, entry by entry and for
 * the package as a whole (no zip bomb), only plain files and folders (no symbolic link, device or
 * FIFO), each name once, and only plain relative paths (nothing may leave the package's own
 * prefix). Judged on the zip's central directory as the zip library reads it; the sizes are
 * counted again while each entry is inflated (functions/scorm/accept-package.ts), so a directory
 * that lies about them is caught there.
 */
const MiB = 1024 * 1024;

/** More files than any authoring tool writes for one course, and within what one request may put to R2. */
export const MAX_ENTRIES = 5_000;
/**
 * Unpacked, the whole package: the upload's own limit for a package (core/media/kinds.ts). What
 * makes a real package large (video, audio, images) is compressed already and is stored in the zip
 * as it is, so a package unpacks to about its zip's size; only a bomb unpacks past the largest zip
 * an editor may upload.
 */
export const MAX_UNPACKED_BYTES = 1024 * MiB;
/** An entry may be this many times its compressed size: text compresses about 10 times, a bomb thousands. */
export const MAX_RATIO = 200;
/** Entries smaller than this are not judged by their ratio: a page of spaces is no bomb. */
export const RATIO_FLOOR = MiB;
/**
 * The whole package may unpack to this many times its zip: a course's text (HTML, scripts, XML)
 * compresses 3 to 10 times, its media not at all, so a real package stays far below; 1,000 files
 * of zeros reach about 1,000.
 */
export const MAX_TOTAL_RATIO = 50;
/** Packages unpacking to less than this are not judged by their whole ratio: a course of text only is a few MiB. */
export const TOTAL_RATIO_FLOOR = 64 * MiB;
/** The manifest is read whole: an XML file of this size is far past any real one. */
export const MAX_MANIFEST_BYTES = 2 * MiB;
export const MANIFEST_NAME = 'imsmanifest.xml';

export type PackageProblem =
  | 'not-zip'
  | 'encrypted'
  | 'too-many-entries'
  | 'too-large-unpacked'
  | 'compression-ratio'
  | 'total-ratio'
  | 'special-file'
  | 'duplicate-name'
  | 'entry-data'
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
  /** The system that wrote the entry in the high byte (APPNOTE 4.4.2), the zip's version in the low one. */
  versionMadeBy: number;
  /** On Unix, the file's mode in the high 16 bits; MS-DOS attributes in the low ones. */
  externalFileAttributes: number;
}

/** Systems whose entries carry a Unix mode: Unix (3) and OS X (19). */
const UNIX_HOSTS = new Set([3, 19]);
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;

/**
 * What an entry is: a file to unpack, a folder (nothing to unpack), or anything else, which is
 * refused: a symbolic link, a device, a FIFO or a socket by its Unix mode, or a name ending in a
 * slash with data. An entry without a Unix mode (written on Windows, or a mode of 0) is a folder
 * when its name ends in a slash and it is empty, a file otherwise.
 */
export function entryKind(entry: EntryFacts): 'file' | 'folder' | 'special' {
  const type = UNIX_HOSTS.has(entry.versionMadeBy >>> 8) ? (entry.externalFileAttributes >>> 16) & S_IFMT : 0;
  if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) return 'special';
  if (entry.name.endsWith('/')) return entry.size === 0 ? 'folder' : 'special';
  if (type === S_IFDIR) return entry.size === 0 ? 'folder' : 'special';
  return 'file';
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

/**
 * The entries' verdict, on the central directory alone (`zipBytes` is the zip's length): every
 * entry's path, kind and ratio, each file's name once (a second file of the same name would be
 * the same object in R2, whichever was written last; a file named as a folder cannot be unpacked
 * onto any file system), then the package's entries, unpacked size and whole ratio. The whole
 * ratio is over the smaller of the compressed sizes' sum and the zip's length, so entries that
 * share their compressed data (an overlapping bomb) are not counted twice. Names that differ only
 * by case are two files: R2's keys and the package's addresses are case-sensitive, so each is
 * served as itself. The first problem found is the one told.
 */
export function checkEntries(entries: readonly EntryFacts[], zipBytes: number): { ok: true } | PackageRefusal {
  if (entries.length > MAX_ENTRIES) return refusal('too-many-entries', String(entries.length));
  const files = new Set<string>();
  const folders = new Set<string>();
  let unpacked = 0;
  let compressed = 0;
  for (const entry of entries) {
    if (!isSafePath(entry.name)) return refusal('unsafe-path', entry.name.slice(0, 200));
    if (entry.encrypted) return refusal('encrypted', entry.name);
    const kind = entryKind(entry);
    if (kind === 'special') return refusal('special-file', entry.name);
    const name = entry.name.replace(/\/$/, '');
    if (kind === 'file' && (files.has(name) || folders.has(name))) return refusal('duplicate-name', name);
    if (kind === 'file') files.add(name);
    else folders.add(name);
    for (let slash = name.lastIndexOf('/'); slash > 0; slash = name.lastIndexOf('/', slash - 1)) {
      const parent = name.slice(0, slash);
      if (files.has(parent)) return refusal('duplicate-name', parent);
      if (folders.has(parent)) break;
      folders.add(parent);
    }
    if (kind === 'folder' && files.has(name)) return refusal('duplicate-name', name);
    if (entry.size > RATIO_FLOOR && entry.size > entry.compressedSize * MAX_RATIO) return refusal('compression-ratio', entry.name);
    unpacked += entry.size;
    compressed += entry.compressedSize;
  }
  if (unpacked > MAX_UNPACKED_BYTES) return refusal('too-large-unpacked');
  const packed = Math.max(1, Math.min(compressed, zipBytes));
  if (unpacked > TOTAL_RATIO_FLOOR && unpacked > packed * MAX_TOTAL_RATIO) return refusal('total-ratio', String(Math.floor(unpacked / packed)));
  const manifest = entries.find((entry) => entry.name === MANIFEST_NAME);
  if (!manifest) return refusal('no-manifest');
  if (manifest.size > MAX_MANIFEST_BYTES) return refusal('manifest-invalid');
  return { ok: true };
}
