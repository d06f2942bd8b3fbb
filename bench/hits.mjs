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

/**
 * The n-th hit of a run: its own identity (so every hit can be found again) and 1 to 60 s since
 * the previous navigation (so a signed-in hit also writes its statistics roll-ups in one batch).
 */
export function hitBody(identity, n) {
  return JSON.stringify(buildHit({ path: PAGES[n % PAGES.length], ms: 1000 + (n % 60) * 1000, ua: UA, identity }));
}

/** The id the API acknowledged a hit with: `{ outcome: { _id } }`, or 0. */
export function acknowledgedId(body) {
  try {
    const id = JSON.parse(body)?.outcome?._id;
    return Number.isInteger(id) && id > 0 ? id : 0;
  } catch {
    return 0;
  }
}

/** Every stored hit whose identity starts with `prefix`: Map id -> identity. */
export function storedHits(stateDir, prefix) {
  if (!/^[a-z0-9-]+$/.test(prefix)) throw new Error(`unsafe prefix ${prefix}`);
  const rows = queryD1(stateDir, `SELECT id, identity FROM hit WHERE identity LIKE '${prefix}%'`);
  return new Map(rows.map((row) => [row.id, row.identity]));
}

/** Acknowledged hits (Map id -> identity) missing from the stored ones, or stored under another identity. */
export function lostHits(acknowledged, stored) {
  return [...acknowledged].filter(([id, identity]) => stored.get(id) !== identity);
}
