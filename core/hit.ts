import type { HitRequest } from './contracts/event.ts';
import { isLocaleCode, pathSegments } from './locale.ts';

/** The hit the beacon sends: the contract's body, with what this client always fills in. */
export interface Hit extends HitRequest {
  ua: string;
  identity: string;
  origin: 'web';
  subject: { id: string; meta: { field: 'ms'; value: number }[] };
  course?: string;
  module?: number;
  session?: number;
}

export const IDENTITY_KEY = 'tiles-identity';

/** The browser-session id: kept in sessionStorage, so it lives as long as the tab. */
export function sessionIdentity(storage: Pick<Storage, 'getItem' | 'setItem'>): string {
  const existing = storage.getItem(IDENTITY_KEY);
  if (existing) return existing;
  const created = crypto.randomUUID();
  storage.setItem(IDENTITY_KEY, created);
  return created;
}

/**
 * The session a page's address names (`/{locale}/course/session/{course}/{module}/{session}`), or
 * null. The server reads a hit's session from here, never from the body's own fields.
 */
export function sessionAddress(path: string): { course: string; module: number; session: number } | null {
  const segments = pathSegments(path);
  const rest = isLocaleCode(segments[0]) ? segments.slice(1) : segments;
  if (rest[0] !== 'course' || rest[1] !== 'session' || rest.length !== 5) return null;
  const module = Number(rest[3]);
  const session = Number(rest[4]);
  const number = (n: number) => Number.isSafeInteger(n) && n >= 1 && n <= 999_999;
  if (!/^[a-z0-9-]{1,100}$/.test(rest[2] ?? '') || !number(module) || !number(session)) return null;
  return { course: rest[2] ?? '', module, session };
}

/** The most characters of a hit's path and user agent the API takes. */
const MAX_HIT_TEXT = 512;

/** The hit body; on the session route it also names course, module and session as integers. */
export function buildHit(options: { path: string; ms: number; ua: string; identity: string }): Hit {
  // Within the API's limits (core/contracts/event.ts): a very long address still counts its time.
  const hit: Hit = {
    ua: options.ua.slice(0, MAX_HIT_TEXT),
    identity: options.identity,
    origin: 'web',
    subject: { id: options.path.slice(0, MAX_HIT_TEXT), meta: [{ field: 'ms', value: options.ms }] },
  };
  const address = sessionAddress(options.path);
  if (address) {
    hit.course = address.course;
    hit.module = address.module;
    hit.session = address.session;
  }
  return hit;
}
