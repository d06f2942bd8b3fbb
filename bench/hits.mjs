// Hits as the browser's beacon sends them (src/lib/hit-beacon.ts), and reading them back from D1.
import { buildHit } from '../core/hit.ts';
import { queryD1 } from './server.mjs';

export const HIT_PATH = '/api/event/hit';
const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const PAGES = [
  '/it-IT',
  '/it-IT/catalogo-corsi',
  '/it-IT/course/triage-pronto-soccorso',
  '/it-IT/course/session/triage-pronto-soccorso/1/1',
  '/it-IT/course/session/triage-pronto-soccorso/1/2',
  '/it-IT/profile/user-progress',
];

/** The n-th hit of a tab `identity`: 1 to 60 s claimed since its previous navigation. */
export function hitBody(identity, n) {
  return JSON.stringify(buildHit({ path: PAGES[n % PAGES.length], ms: 1000 + (n % 60) * 1000, ua: UA, identity }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The receipt the API acknowledged a hit with: `{ outcome: { _id } }`, or ''. */
export function acknowledgedId(body) {
  try {
    const id = JSON.parse(body)?.outcome?._id;
    return typeof id === 'string' && UUID.test(id) ? id : '';
  } catch {
    return '';
  }
}

/** Every stored hit whose identity starts with `prefix`: Map receipt -> identity. */
export function storedHits(stateDir, prefix) {
  if (!/^[a-z0-9-]+$/.test(prefix)) throw new Error(`unsafe prefix ${prefix}`);
  const rows = queryD1(stateDir, `SELECT receipt, identity FROM hit WHERE identity LIKE '${prefix}%'`);
  return new Map(rows.map((row) => [row.receipt, row.identity]));
}

/** Acknowledged hits (Map receipt -> identity) missing from the stored ones, or stored under another identity. */
export function lostHits(acknowledged, stored) {
  return [...acknowledged].filter(([id, identity]) => stored.get(id) !== identity);
}
