/**
 * The course media editors upload (functions/media/README.md): the kinds, the file
 * types each takes and their limits. A file's type is what its bytes are (core/media/sniff.ts),
 * never what its name says; the name only suggests what the editor meant to send. Kept free of zod:
 * the browser's upload and picker read it.
 */
/** Where course media are served: `/media/{key}`, the key being the object's in the MEDIA bucket. */
export const MEDIA_PREFIX = '/media/';

/**
 * Where a replacement's bytes wait in the bucket while they are checked: never served, so a file
 * that fails leaves the one it was to replace as it was.
 */
export const STAGING_PREFIX = 'staging/';
/** Where SCORM packages are unpacked (functions/scorm/accept-package.ts): their files are served on the content origin only, never at /media/. */
export const UNPACKED_PACKAGE_PREFIX = 'scorm/';

export const MEDIA_KINDS = ['video', 'document', 'captions', 'image', 'package'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** Every type a medium may have, its kind and the extension its address ends with. SVG is not one: it may carry scripts. */
export const MEDIA_TYPES = {
  'video/mp4': { kind: 'video', extension: 'mp4' },
  'video/x-m4v': { kind: 'video', extension: 'm4v' },
  'video/webm': { kind: 'video', extension: 'webm' },
  'application/pdf': { kind: 'document', extension: 'pdf' },
  'text/vtt': { kind: 'captions', extension: 'vtt' },
  'image/png': { kind: 'image', extension: 'png' },
  'image/jpeg': { kind: 'image', extension: 'jpg' },
  'image/webp': { kind: 'image', extension: 'webp' },
  /** A SCORM package: checked and unpacked by functions/scorm, served from its own path. */
  'application/zip': { kind: 'package', extension: 'zip' },
} as const satisfies Record<string, { kind: MediaKind; extension: string }>;
export type MediaType = keyof typeof MEDIA_TYPES;
export const MEDIA_TYPE_NAMES = Object.keys(MEDIA_TYPES) as MediaType[];

const MiB = 1024 * 1024;

/** The largest file of each kind: a lesson of hours in HD, a book-length PDF, captions, a photo, a SCORM package. */
export const MEDIA_LIMITS: Record<MediaKind, number> = { video: 4 * 1024 * MiB, document: 100 * MiB, captions: MiB, image: 10 * MiB, package: 1024 * MiB };

/**
 * Uploads travel in parts of this size (the last one shorter): far within a Worker's request
 * limit (100 MB), above R2's least non-final part (5 MiB), and a 4 GiB video is 512 parts, of
 * R2's 10,000 at most.
 */
export const PART_SIZE = 8 * MiB;

export const isMediaType = (value: string): value is MediaType => Object.hasOwn(MEDIA_TYPES, value);

export const kindOf = (type: MediaType): MediaKind => MEDIA_TYPES[type].kind;

/** The Content-Type a medium is stored and served with: captions say their charset, as WebVTT is UTF-8 only. */
export const servedContentType = (type: MediaType): string => (type === 'text/vtt' ? 'text/vtt; charset=utf-8' : type);

/** How many parts a file of `size` bytes travels in. */
export const partCount = (size: number): number => Math.max(1, Math.ceil(size / PART_SIZE));

/** The length of part `n` (from 1) of a file of `size` bytes. */
export const partLength = (size: number, n: number): number => Math.min(PART_SIZE, size - (n - 1) * PART_SIZE);

const EXTENSIONS: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/x-m4v',
  webm: 'video/webm',
  pdf: 'application/pdf',
  vtt: 'text/vtt',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  zip: 'application/zip',
};

/**
 * The type a browser declares for a chosen file: its own guess when it is one of ours, else what
 * the name's extension says (browsers leave .vtt or .m4v untyped on some systems), else its guess
 * as it is, for the server to refuse by name.
 */
export function declaredType(name: string, browserType: string): string {
  const type = browserType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (isMediaType(type)) return type;
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  // Own keys only: a file named `x.constructor` must not find Object's members.
  return (extension && Object.hasOwn(EXTENSIONS, extension) && EXTENSIONS[extension]) || type || 'application/octet-stream';
}

/** What a file picker offers for a kind: the types and, for systems that go by name, the extensions. */
export function acceptOf(kind: MediaKind): string {
  const types = MEDIA_TYPE_NAMES.filter((type) => kindOf(type) === kind);
  const extensions = Object.entries(EXTENSIONS)
    .filter(([, type]) => isMediaType(type) && kindOf(type) === kind)
    .map(([extension]) => `.${extension}`);
  return [...types, ...extensions].join(',');
}

/**
 * A new medium's key (its address is `/media/{key}`): the file's name made plain (lower case,
 * accents dropped, runs of other characters a hyphen), a random suffix so no upload takes
 * another's address, and the extension of its type.
 */
export function mediaKey(name: string, type: MediaType, suffix: string): string {
  const stem =
    name
      .replace(/\.[A-Za-z0-9]{1,5}$/, '')
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'file';
  return `${stem}-${suffix}.${MEDIA_TYPES[type].extension}`;
}
