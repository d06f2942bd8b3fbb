import { isLocaleCode, pathSegments } from '../../core/locale.ts';
import type { MessageKey } from '../../functions/messages.ts';

/** First segments that never carry a locale (the locale-prefix guard leaves them alone) plus the platform's own files. */
export const LOCALE_FREE_SEGMENTS = new Set(['federated', 'tiles-access', 'test', 'api', '_astro', '_server-islands', 'builds', 'logo']);
const AUTH_AREAS = new Set(['course', 'profile']);

export interface RouteError {
  statusCode: number;
  statusMessage: string;
  message: string;
  /** When set, the screen shows this message in the reader's language instead of `message` (which the log keeps). */
  messageKey?: MessageKey;
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

export interface RequestOrigin {
  /** The request's Sec-Fetch-Site header, if the browser sent one. */
  fetchSite: string | null;
  referer: string | null;
  /** The site's own origin. */
  origin: string;
}

/**
 * Whether a request comes from one of our own pages (a click on a link, with or without the client
 * router), rather than a typed address, a bookmark or another site. Browsers send Sec-Fetch-Site
 * (`same-origin` for a click or the client router's fetch, `none` for a typed URL), without
 * JavaScript too; older ones only the Referer, which our Referrer-Policy keeps whole on our origin.
 */
export function fromOwnPage({ fetchSite, referer, origin }: RequestOrigin): boolean {
  if (fetchSite) return fetchSite === 'same-origin';
  if (!referer) return false;
  try {
    return new URL(referer).origin === origin;
  } catch {
    return false;
  }
}

/**
 * Guard 2's destination for a visitor on a page that needs a session: `/` (the platform's rule),
 * except a course reached from our own pages (the catalogue's course links), which goes to
 * sign-in and, once signed in, back to the course. Decided on the server from the request alone,
 * so it works without JavaScript and through the client router (which follows the redirect, sees
 * the sign-in page has no router and loads it in full).
 */
export function visitorRedirect(pathname: string, search: string, origin: RequestOrigin): string {
  if (area(pathname) !== 'course' || !fromOwnPage(origin)) return '/';
  return `/tiles-access?${new URLSearchParams({ returnTo: `${pathname}${search}` })}`;
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
