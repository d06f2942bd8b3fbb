import type { D1Database } from '@cloudflare/workers-types';
import { FIRST_LOCK_MS, FREE_ATTEMPTS, LOCK_AFTER, MAX_LOCK_MS, WINDOW_MS, type Counter, type Scope } from '../../../core/sign-in-throttle.ts';

export interface SignInKeys {
  account: string;
  address: string;
  /** The trusted device's id (functions/auth/device-cookie.ts): its attempts are charged there, not to the account. */
  device?: string | null;
}

/** One attempt, as the count decided it. */
export type CountedAttempt =
  /** Counted on the charged counter (the trusted device's, else the account's) and the address's, its own count included. */
  | { kind: 'counted'; target: Counter; address: Counter }
  /** The account (or device) is locked: counted nowhere. */
  | { kind: 'locked'; lockedUntil: number }
  /** Past the attempts allowed without a solved bot check, and none came with it: counted nowhere. */
  | { kind: 'bot-check' };

interface Row {
  failures: number;
  last_failure_at: number;
  locked_until: number | null;
}

const toCounter = (row: Row): Counter => ({ failures: row.failures, lastFailureAt: row.last_failure_at, lockedUntil: row.locked_until });

const target = (keys: SignInKeys): { scope: Scope; key: string } =>
  keys.device ? { scope: 'device', key: keys.device } : { scope: 'account', key: keys.account };

// The count after this attempt, from a stored row (core/sign-in-throttle.ts afterAttempt):
// forgotten after a quiet window, 15 minutes, or a day once the count has reached the lock.
const nextCount = (row: string) =>
  `(CASE WHEN ?3 - ${row}last_failure_at > (CASE WHEN ${row}failures >= ?4 THEN ?5 ELSE ?6 END) THEN 1 ELSE ${row}failures + 1 END)`;
const NEXT_COUNT = nextCount('');
// The address's count after this attempt (1 when it has no row yet).
const ADDRESS_NEXT = `COALESCE((SELECT ${nextCount('a.')} FROM sign_in_throttle a WHERE a.scope = 'address' AND a.key = ?9), 1)`;

/**
 * Counts one attempt on the charged counter, atomically, or refuses to: an upsert that increments
 * and returns the new count, taken only while the counter is not locked and, without a solved bot
 * check (?10 = 0), only while both this count and the address's stay within the free attempts
 * (?11). SQLite evaluates every SET expression against the old row, and D1 runs one statement at a
 * time, so parallel attempts each get a distinct count, and none past the free ones without proof
 * of work. The attempt whose count reaches the lock sets it itself (only a solved one can get
 * there), so attempts beside it find the account locked.
 */
const COUNT_TARGET = `
  INSERT INTO sign_in_throttle (scope, key, failures, last_failure_at, locked_until)
  SELECT ?1, ?2, 1, ?3, NULL WHERE ?10 OR ${ADDRESS_NEXT} <= ?11
  ON CONFLICT (scope, key) DO UPDATE SET
    failures = ${NEXT_COUNT},
    locked_until = CASE WHEN ?8 AND ${NEXT_COUNT} >= ?4 THEN ?3 + MIN(?7 * (1 << MIN(${NEXT_COUNT} - ?4, 20)), ?5) ELSE NULL END,
    last_failure_at = ?3
  WHERE (locked_until IS NULL OR locked_until <= ?3) AND (?10 OR (${NEXT_COUNT} <= ?11 AND ${ADDRESS_NEXT} <= ?11))
  RETURNING failures, last_failure_at, locked_until`;

/** The address counts the attempt only when the statement before it (the charged counter's) did. */
const COUNT_ADDRESS = `
  INSERT INTO sign_in_throttle (scope, key, failures, last_failure_at, locked_until)
  SELECT 'address', ?1, 1, ?3, NULL WHERE changes() > 0
  ON CONFLICT (scope, key) DO UPDATE SET failures = ${NEXT_COUNT}, last_failure_at = ?3
  WHERE changes() > 0
  RETURNING failures, last_failure_at, locked_until`;

/**
 * Counts an attempt on the charged counter and the address in one transaction, before its password
 * is checked, or says why it may not be made: the lock, or a missing bot check (`solved`: the
 * attempt came with a solved, unused one). Either way nothing is counted for a refused attempt.
 */
export async function countAttempt(db: D1Database, keys: SignInKeys, now: number, solved: boolean): Promise<CountedAttempt> {
  const charged = target(keys);
  const [counted, address, stored] = await db.batch<Row>([
    db
      .prepare(COUNT_TARGET)
      .bind(
        charged.scope,
        charged.key,
        now,
        LOCK_AFTER,
        MAX_LOCK_MS,
        WINDOW_MS,
        FIRST_LOCK_MS,
        charged.scope === 'address' ? 0 : 1,
        keys.address,
        solved ? 1 : 0,
        FREE_ATTEMPTS,
      ),
    db.prepare(COUNT_ADDRESS).bind(keys.address, null, now, LOCK_AFTER, MAX_LOCK_MS, WINDOW_MS),
    db.prepare('SELECT failures, last_failure_at, locked_until FROM sign_in_throttle WHERE scope = ? AND key = ?').bind(charged.scope, charged.key),
  ]);
  const targetRow = counted?.results[0];
  const addressRow = address?.results[0];
  if (targetRow && addressRow) return { kind: 'counted', target: toCounter(targetRow), address: toCounter(addressRow) };
  const lockedUntil = stored?.results[0]?.locked_until ?? null;
  return lockedUntil !== null && lockedUntil > now ? { kind: 'locked', lockedUntil } : { kind: 'bot-check' };
}

const UNCOUNT_ADDRESS = `UPDATE sign_in_throttle SET failures = MAX(failures - 1, 0) WHERE scope = 'address' AND key = ?`;

/**
 * A successful sign-in clears the counter it was charged to and takes its own attempt back from the
 * address. A success from a trusted device leaves the account's counter alone: a stranger's
 * lock-out stays in place for every other client.
 */
export async function clearCounter(db: D1Database, keys: SignInKeys): Promise<void> {
  const charged = target(keys);
  await db.batch([
    db.prepare('DELETE FROM sign_in_throttle WHERE scope = ? AND key = ?').bind(charged.scope, charged.key),
    db.prepare(UNCOUNT_ADDRESS).bind(keys.address),
  ]);
}

/** Reads a counter as stored (tests and support tools; the sign-in itself only counts). */
export async function readCounter(db: D1Database, scope: Scope, key: string): Promise<Counter | null> {
  const row = await db
    .prepare('SELECT failures, last_failure_at, locked_until FROM sign_in_throttle WHERE scope = ? AND key = ?')
    .bind(scope, key)
    .first<Row>();
  return row ? toCounter(row) : null;
}

/** Forgets the counters no rule reads any more (a Cron Trigger runs it): unknown codes' rows would pile up otherwise. */
export async function purgeExpiredCounters(db: D1Database, now: number): Promise<number> {
  const result = await db
    .prepare(
      `DELETE FROM sign_in_throttle WHERE (locked_until IS NULL OR locked_until <= ?1)
         AND ?1 - last_failure_at > (CASE WHEN failures >= ?2 THEN ?3 ELSE ?4 END)`,
    )
    .bind(now, LOCK_AFTER, MAX_LOCK_MS, WINDOW_MS)
    .run();
  return result.meta.changes ?? 0;
}
