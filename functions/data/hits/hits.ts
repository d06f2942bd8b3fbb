import type { D1Database } from '@cloudflare/workers-types';
import type { AcceptedHit } from '../../../core/contracts/event.ts';
import { romeDayHour } from '../../../core/rome-time.ts';
import { IDLE_CAP_MS } from '../../../core/visible-time.ts';

/**
 * How much earlier than the server saw it a tab's previous hit may have left the browser: a slow
 * request followed by a fast one makes the server's gap shorter than the time the tab measured.
 * Each identity carries at most this much unclaimed time forward, so it never adds up per hit.
 */
export const HIT_DELAY_TOLERANCE_MS = 2_000;

/** A hit as the API accepted it (core/contracts/event.ts): the queue's message, or the direct path's input. */
export type HitInput = AcceptedHit;

export type SqlValue = string | number | null;

/** One SQL statement with its numbered parameters (?1, ?2, ...), bound by D1 or rendered by the seed. */
export interface Statement {
  sql: string;
  params: SqlValue[];
}

/** What the tab may claim at most, before the server's own clock is consulted. */
export function clampClaim(ms: number): number {
  return Number.isFinite(ms) ? Math.min(Math.max(Math.round(ms), 0), IDLE_CAP_MS) : 0;
}

// A hit earns what it claims, but never more than the time since its identity's clock nor, for
// a learner, since the learner's clock across all tabs (so parallel tabs cannot add up to more
// than the time that passed). A first hit of an identity has no clock yet and earns nothing.
// ?1 site, ?2 owner, ?3 identity, ?4 now, ?5 claim, ?6 tolerance.
const EARNED = `MAX(0, MIN(?5, ?4 - hit_clock.credited_to,
  COALESCE((SELECT ?4 - l.credited_to FROM hit_clock l WHERE l.site_id = ?1 AND l.owner = ?2 AND l.identity = '' AND ?2 <> ''), ?5)))`;

// Each hit's statements run only while no hit with its receipt is stored, and its row comes last:
// a queue message delivered again (or twice in one batch) moves no clock and adds nothing. Nor does
// a hit of an account deleted since the API accepted it (`?2` the owner): it would name them again.
const FRESH = (receipt: number) =>
  `NOT EXISTS (SELECT 1 FROM hit WHERE site_id = ?1 AND receipt = ?${receipt}) AND NOT EXISTS (SELECT 1 FROM user WHERE id = ?2 AND status = 'deleted')`;

// The session the hit's page is, when it is one of this site's (?8 course, ?9 module, ?10 session, as
// the API read them from the page's address): what the tab shows from now on.
const PAGE_SESSION = `SELECT s.course_id FROM session s JOIN course co ON co.id = s.course_id
  WHERE co.site_id = ?1 AND s.course_id = ?8 AND s.module_number = ?9 AND s.number = ?10`;

// ?7 receipt. The credit is spent on the page the tab showed until this hit (`page_*`, as the
// clock held it before this update: SQLite's SET reads the old row), which this hit's page replaces.
const IDENTITY_CLOCK = `INSERT INTO hit_clock (site_id, owner, identity, credited_to, credit, page_course, page_module, page_session)
SELECT ?1, ?2, ?3, ?4, 0, p.course, CASE WHEN p.course IS NOT NULL THEN ?9 END, CASE WHEN p.course IS NOT NULL THEN ?10 END
FROM (SELECT (${PAGE_SESSION}) AS course) p WHERE ${FRESH(7)}
ON CONFLICT (site_id, owner, identity) DO UPDATE SET credit = ${EARNED}, credited_to = MAX(hit_clock.credited_to + ${EARNED}, ?4 - ?6),
  credit_course = hit_clock.page_course, credit_module = hit_clock.page_module, credit_session = hit_clock.page_session,
  page_course = excluded.page_course, page_module = excluded.page_module, page_session = excluded.page_session`;

/** The rest of a hit's statements read what it earned from its identity's clock row. */
const EARNED_ROW = 'FROM hit_clock c WHERE c.site_id = ?1 AND c.owner = ?2 AND c.identity = ?3';

// ?1 site, ?2 owner, ?3 identity, ?4 now, ?5 tolerance, ?6 receipt.
const LEARNER_CLOCK = `INSERT INTO hit_clock (site_id, owner, identity, credited_to, credit)
SELECT ?1, ?2, '', ?4 - ?5, c.credit ${EARNED_ROW} AND c.credit > 0 AND ${FRESH(6)}
ON CONFLICT (site_id, owner, identity) DO UPDATE SET credited_to = MAX(hit_clock.credited_to + excluded.credit, ?4 - ?5), credit = excluded.credit`;

// ?4 ua ... ?7 device, ?8 at, ?9 receipt, ?10 batch. Its course, module and session are where its
// credit was spent (the tab's previous page), not the hit's own page.
const HIT = `INSERT INTO hit (site_id, user_id, identity, ua, origin, path, ms, device, course_id, module_number, session_number, created_at, receipt, batch)
SELECT ?1, NULLIF(?2, ''), ?3, ?4, ?5, ?6, c.credit, ?7, c.credit_course, c.credit_module, c.credit_session, ?8, ?9, ?10 ${EARNED_ROW} AND ${FRESH(9)}`;

// The roll-ups add up, once per batch, the learners' hits this batch wrote: rows of an earlier
// delivery carry another batch number. ?1 batch, ?2 JSON [[site, receipt, Rome day, hour], ...].
const WRITTEN = `FROM json_each(?2) j JOIN hit h ON h.site_id = j.value ->> 0 AND h.receipt = j.value ->> 1
WHERE h.batch = ?1 AND h.user_id IS NOT NULL AND h.ms > 0`;

const HOURLY = `INSERT INTO stats_hourly (site_id, user_id, day, hour, device, subject, ms)
SELECT h.site_id, h.user_id, j.value ->> 2, j.value ->> 3, h.device,
  COALESCE((SELECT category_id FROM course WHERE id = h.course_id AND site_id = h.site_id), ''), SUM(h.ms) ${WRITTEN}
GROUP BY 1, 2, 3, 4, 5, 6
ON CONFLICT (site_id, user_id, day, hour, device, subject) DO UPDATE SET ms = ms + excluded.ms`;

const TOTAL = `INSERT INTO stats_total (site_id, user_id, ms) SELECT h.site_id, h.user_id, SUM(h.ms) ${WRITTEN}
GROUP BY 1, 2
ON CONFLICT (site_id, user_id) DO UPDATE SET ms = ms + excluded.ms`;

/**
 * The statements that write a batch of hits, in the order they were accepted (so a tab's clock
 * moves forward): per hit its clocks, which decide what it earns, then its row; then, once for the
 * whole batch, the learners' roll-ups (`stats_hourly` by Europe/Rome day and hour, device and
 * subject; `stats_total`). Run as one D1 batch (one transaction), two hits of a tab cannot both
 * spend the same time. `batch` is a number no earlier batch used. The API and the queue consumer
 * bind them (recordHits); the seed renders them into its SQL file.
 */
export function hitBatchStatements(hits: readonly HitInput[], batch: number): Statement[] {
  const statements: Statement[] = [];
  const learnerHits: [string, string, string, number][] = [];
  const seen = new Set<string>();
  for (const hit of [...hits].sort((a, b) => a.at - b.at)) {
    if (!hit.identity) throw new Error('A hit needs an identity');
    // The same message twice in one batch: its second copy would add nothing but a roll-up row.
    const once = JSON.stringify([hit.siteId, hit.receipt]);
    if (seen.has(once)) continue;
    seen.add(once);
    const key = [hit.siteId, hit.userId ?? '', hit.identity];
    statements.push({
      sql: IDENTITY_CLOCK,
      params: [...key, hit.at, clampClaim(hit.claimedMs), HIT_DELAY_TOLERANCE_MS, hit.receipt, hit.course, hit.module, hit.session],
    });
    if (hit.userId) {
      statements.push({ sql: LEARNER_CLOCK, params: [...key, hit.at, HIT_DELAY_TOLERANCE_MS, hit.receipt] });
      const { day, hour } = romeDayHour(hit.at);
      learnerHits.push([hit.siteId, hit.receipt, day, hour]);
    }
    statements.push({
      sql: HIT,
      params: [...key, hit.ua, hit.origin, hit.path, hit.device, hit.at, hit.receipt, batch],
    });
  }
  if (learnerHits.length) {
    const written = [batch, JSON.stringify(learnerHits)];
    statements.push({ sql: HOURLY, params: written }, { sql: TOTAL, params: written });
  }
  return statements;
}

/** A batch number for hitBatchStatements: random, so that no two writers need to agree on one. */
export function newHitBatch(): number {
  const [high = 0, low = 0] = crypto.getRandomValues(new Uint32Array(2));
  // 53 bits: an exact integer in JavaScript and in SQLite.
  return (high & 0x1fffff) * 2 ** 32 + low;
}

/**
 * Writes hits in one D1 batch (one transaction, one round trip); a hit already stored under its
 * receipt is skipped. Returns the number of statements sent.
 */
export async function recordHits(db: D1Database, hits: readonly HitInput[]): Promise<number> {
  const statements = hitBatchStatements(hits, newHitBatch());
  if (statements.length) await db.batch(statements.map(({ sql, params }) => db.prepare(sql).bind(...params)));
  return statements.length;
}
