/**
 * Where a SCORM session's package is served: `/scorm/{course}/{module}/{session}/{file}`. The
 * address names the session, so its files are gated like the session (course access), and the
 * package's own relative links resolve inside it. It has its own Content-Security-Policy
 * (core/security-headers.ts): nothing under it shares the site's.
 */
export const SCORM_PREFIX = '/scorm/';

export interface PackageAddress {
  courseId: string;
  module: number;
  session: number;
  /** The file inside the package, decoded. */
  file: string;
}

export const packageBase = (courseId: string, module: number, session: number): string => `${SCORM_PREFIX}${courseId}/${module}/${session}/`;

/** The session and file a package address names, or null. */
export function parsePackageAddress(pathname: string): PackageAddress | null {
  const match = /^\/scorm\/([a-z0-9-]{1,100})\/([1-9]\d{0,5})\/([1-9]\d{0,5})\/(.+)$/.exec(pathname);
  if (!match) return null;
  let file: string;
  try {
    file = decodeURIComponent(match[4] ?? '');
  } catch {
    return null;
  }
  return { courseId: match[1] ?? '', module: Number(match[2]), session: Number(match[3]), file };
}

/** The unpacking the demo seed's packages are under (scorm/{key}/seed/): uploads use their upload's id. */
export const SEED_UNPACK = 'seed';
