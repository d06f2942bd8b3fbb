import { canonicalLocale, isLocaleCode, pathSegments } from '../../core/locale.ts';
import { pageRuleFor, visitorTarget } from '../../core/page-access.ts';
import type { MessageKey } from '../../functions/messages.ts';

/** First segments that never carry a locale (the locale-prefix guard leaves them alone) plus the platform's own files. */
export const LOCALE_FREE_SEGMENTS = new Set(['federated', 'tiles-access', 'test', 'api', '_astro', '_server-islands', 'builds', 'logo']);

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

/** The staff area's pages: its own address (it leads on to a section), the people list and a person (by user id; `new` and `import` are pages of their own), the course list, a course and its editing screen (`edit`), the support requests and one (by number), the settings. */
const STAFF_IDS: Record<string, RegExp> = { people: /^[A-Za-z0-9_-]{1,100}$/, courses: /^[a-z0-9-]{1,100}$/, support: /^[1-9][0-9]{0,15}$/ };

function validStaffPath([, list, id, ...more]: string[]): boolean {
  if (list === undefined || list === 'settings') return id === undefined && more.length === 0;
  // Own keys only: `constructor` or `__proto__` in the address would find Object's own members.
  const idPattern = Object.hasOwn(STAFF_IDS, list) ? STAFF_IDS[list] : undefined;
  if (!idPattern) return false;
  if (list === 'courses' && id !== undefined && more.length === 1 && more[0] === 'edit') return idPattern.test(id);
  if (more.length > 0) return false;
  return id === undefined || idPattern.test(id);
}

/**
 * Guard 1: per-route validation. Course sessions need course / module number / session number;
 * ECM pages a course id; staff pages one of their lists and an id of its kind.
 */
export function validateRoute(pathname: string): RouteError | null {
  const segments = pathSegments(pathname);
  const rest = isLocaleCode(segments[0]) ? segments.slice(1) : segments;
  if (rest[0] === 'staff') return validStaffPath(rest) ? null : pageNotFound(pathname);
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

/**
 * Guard 2: where a visitor is sent from a page that needs a session, or null when the page has a
 * visitor's version (or answers them with its 404). The page table decides (core/page-access.ts):
 * the profile sends them home (the platform's rule); the staff area, the ECM inspection, a course's
 * session and its ECM page (assessment, questionnaire, certificate) to sign-in and, once signed in,
 * back to that exact address. A course's page answers them with the course's public summary,
 * whatever brought them there, so the address has one visitor's answer. Decided on the server from
 * the path alone, so it works without JavaScript and through the client router (which follows the
 * redirect and loads the router-less sign-in page in full). Runs after guard 1, so a course path
 * has one of the shapes validateRoute accepts.
 */
export function visitorRedirect(pathname: string, search: string): string | null {
  return visitorTarget(pageRuleFor(pathname), `${pathname}${search}`);
}

/** Guard 3: where a path without a locale is sent, or null when it may stay. */
export function localeRedirect(pathname: string, search: string, currentLocale: string): string | null {
  const segments = pathSegments(pathname);
  const first = segments[0];
  if (first === undefined) return `/${currentLocale}${search}`;
  if (isLocaleCode(first) || LOCALE_FREE_SEGMENTS.has(first)) return null;
  // A locale typed in another case ('/it-it/profilo'): the same address as the platform writes it.
  const typed = canonicalLocale(first);
  if (typed) return `/${[typed, ...segments.slice(1)].join('/')}${search}`;
  // A request for a missing static file is a 404, not a page in another locale.
  if (segments.length === 1 && /\.[a-z0-9]{2,5}$/i.test(first)) return null;
  return `/${currentLocale}/${segments.join('/')}${search}`;
}
