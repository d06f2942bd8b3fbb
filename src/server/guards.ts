import { isLocaleCode, pathSegments } from '../../core/locale.ts';

/** First segments that never carry a locale (SPEC section 2, guard 3) plus the platform's own files. */
export const LOCALE_FREE_SEGMENTS = new Set(['federated', 'tiles-access', 'test', 'api', '_astro', '_server-islands', 'builds', 'logo']);
const AUTH_AREAS = new Set(['course', 'profile']);

export interface RouteError {
  statusCode: number;
  statusMessage: string;
  message: string;
  fatal: boolean;
  /** Full path of the page where the error happened (the error page itself is a rewrite). */
  path: string;
}

/** The route's area: its first segment after the optional locale. */
function area(pathname: string): string | undefined {
  const segments = pathSegments(pathname);
  return isLocaleCode(segments[0]) ? segments[1] : segments[0];
}

/** Guard 1: per-route validation. Course sessions need course / module number / session number; ECM pages a course id. */
export function validateRoute(pathname: string): RouteError | null {
  const segments = pathSegments(pathname);
  const rest = isLocaleCode(segments[0]) ? segments.slice(1) : segments;
  if (rest[0] !== 'course') return null;
  const isPositive = (value: string | undefined) => typeof value === 'string' && /^[1-9][0-9]{0,5}$/.test(value);
  const valid =
    rest[1] === 'session'
      ? rest.length === 5 && /^[a-z0-9-]{1,100}$/.test(rest[2] ?? '') && isPositive(rest[3]) && isPositive(rest[4])
      : (rest.length >= 2 && rest.length <= 3 && /^[a-z0-9-]{1,100}$/.test(rest[1] ?? '') && (rest.length === 2 || isPositive(rest[2]))) ||
        // The ECM page of a course: assessment, questionnaire and certificate.
        (rest[1] === 'ecm' && rest.length === 3 && /^[a-z0-9-]{1,100}$/.test(rest[2] ?? ''));
  if (valid) return null;
  return pageNotFound(pathname);
}

/** The fatal 404 of a page whose route exists but whose id does not. */
export function pageNotFound(pathname: string): RouteError {
  return { statusCode: 404, statusMessage: 'Not Found', message: `Page Not Found: ${pathname}`, fatal: true, path: pathname };
}

/** Guard 2: course and profile areas, with or without a locale segment, are for signed-in users. */
export function requiresAuthentication(pathname: string): boolean {
  const first = area(pathname);
  return first !== undefined && AUTH_AREAS.has(first);
}

/** Guard 3: where a path without a locale is sent, or null when it may stay. */
export function localeRedirect(pathname: string, search: string, currentLocale: string): string | null {
  const segments = pathSegments(pathname);
  const first = segments[0];
  if (first === undefined) return `/${currentLocale}${search}`;
  if (isLocaleCode(first) || LOCALE_FREE_SEGMENTS.has(first)) return null;
  // A request for a missing static file is a 404, not a page in another locale.
  if (segments.length === 1 && /\.[a-z0-9]{2,5}$/i.test(first)) return null;
  return `/${currentLocale}/${segments.join('/')}${search}`;
}
