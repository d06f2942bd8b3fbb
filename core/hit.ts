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

/** The hit body; on the session route it also names course, module and session as integers. */
export function buildHit(options: { path: string; ms: number; ua: string; identity: string }): Hit {
  const hit: Hit = {
    ua: options.ua,
    identity: options.identity,
    origin: 'web',
    subject: { id: options.path, meta: [{ field: 'ms', value: options.ms }] },
  };
  const segments = pathSegments(options.path);
  const rest = isLocaleCode(segments[0]) ? segments.slice(1) : segments;
  if (rest[0] === 'course' && rest[1] === 'session' && rest.length === 5) {
    const module = Number.parseInt(rest[3] ?? '', 10);
    const session = Number.parseInt(rest[4] ?? '', 10);
    if (Number.isInteger(module) && Number.isInteger(session)) {
      hit.course = rest[2];
      hit.module = module;
      hit.session = session;
    }
  }
  return hit;
}
