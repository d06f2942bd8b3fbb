import type { D1Database } from '@cloudflare/workers-types';
import { FIRST_LOCK_MS, LOCK_AFTER, MAX_LOCK_MS, WINDOW_MS, type Counter, type Scope } from '../../auth/sign-in-throttle.ts';

export interface SignInKeys {
  account: string;
  address: string;
  /** The trusted device's id (functions/auth/device-cookie.ts): its attempts are charged there, not to the account. */
  device?: string | null;
}

/** One counted attempt: the charged counter (the trusted device's, else the account's) and the address's, its own count included. */
export type CountedAttempt =
  | { kind: 'counted'; target: Counter; address: Counter }
  /** The account (or device) is locked: the attempt was not counted on it. */
  | { kind: 'locked'; lockedUntil: number };

interface Row {
  failures: number;
  last_failure_at: number;
  locked_until: number | null;
}

const toCounter = (row: Row): Counter => ({ failures: row.failures, lastFailureAt: row.last_failure_at, lockedUntil: row.locked_until });

const target = (keys: SignInKeys): { scope: Scope; key: string } =>
  keys.device ? { scope: 'device', key: keys.device } : { scope: 'account', key: keys.account };

// The count after this attempt, from the stored row (functions/auth/sign-in-throttle.ts afterAttempt):
// forgotten after a quiet window, 15 minutes, or a day once the count reached the lock.
const NEXT_COUNT = `CASE WHEN ?3 - last_failure_at > (CASE WHEN failures >= ?4 THEN ?5 ELSE ?6 END) THEN 1 ELSE failures + 1 END`;

/**
 * Counts one attempt, atomically: an upsert that increments and returns the new count, refused by
 * an active lock (no row returned). SQLite evaluates every SET expression against the old row, and
 * D1 runs one statement at a time, so parallel attempts each get a distinct count. The attempt
 * whose count reaches the lock sets it itself, so attempts beside it find the account locked.
 */
const COUNT_ATTEMPT = `
  INSERT INTO sign_in_throttle (scope, key, failures, last_failure_at, locked_until) VALUES (?1, ?2, 1, ?3, NULL)
  ON CONFLICT (scope, key) DO UPDATE SET
    failures = ${NEXT_COUNT},
    locked_until = CASE WHEN ?8 AND ${NEXT_COUNT} >= ?4 THEN ?3 + MIN(?7 * (1 << MIN(${NEXT_COUNT} - ?4, 20)), ?5) ELSE NULL END,
    last_failure_at = ?3
  WHERE locked_until IS NULL OR locked_until <= ?3
  RETURNING failures, last_failure_at, locked_until`;

function countStatement(db: D1Database, scope: Scope, key: string, now: number) {
  return db.prepare(COUNT_ATTEMPT).bind(scope, key, now, LOCK_AFTER, MAX_LOCK_MS, WINDOW_MS, FIRST_LOCK_MS, scope === 'address' ? 0 : 1);
}

/** Counts an attempt on the charged counter and the address in one transaction, before anything is checked. */
export async function countAttempt(db: D1Database, keys: SignInKeys, now: number): Promise<CountedAttempt> {
  const charged = target(keys);
  const [counted, address, stored] = await db.batch<Row>([
    countStatement(db, charged.scope, charged.key, now),
    countStatement(db, 'address', keys.address, now),
    db.prepare('SELECT failures, last_failure_at, locked_until FROM sign_in_throttle WHERE scope = ? AND key = ?').bind(charged.scope, charged.key),
  ]);
  const targetRow = counted?.results[0];
  const addressRow = address?.results[0];
  if (!addressRow) throw new Error('sign-in throttle: the address count returned no row');
  if (!targetRow) return { kind: 'locked', lockedUntil: stored?.results[0]?.locked_until ?? now };
  return { kind: 'counted', target: toCounter(targetRow), address: toCounter(addressRow) };
}

const UNCOUNT = `UPDATE sign_in_throttle SET failures = MAX(failures - 1, 0), locked_until = CASE WHEN locked_until = ?3 THEN NULL ELSE locked_until END
  WHERE scope = ?1 AND key = ?2`;

/**
 * Takes back an attempt refused before any password was checked (no or no valid bot check): it
 * costs the account nothing, and a lock it set is lifted, unless another attempt set a later one.
 */
export async function uncountAttempt(db: D1Database, keys: SignInKeys, attempt: { target: Counter }): Promise<void> {
  const charged = target(keys);
  await db.batch([db.prepare(UNCOUNT).bind(charged.scope, charged.key, attempt.target.lockedUntil), db.prepare(UNCOUNT).bind('address', keys.address, null)]);
}

/**
 * A successful sign-in clears the counter it was charged to and takes its own attempt back from the
 * address. A success from a trusted device leaves the account's counter alone: a stranger's
 * lock-out stays in place for every other client.
 */
export async function clearCounter(db: D1Database, keys: SignInKeys): Promise<void> {
  const charged = target(keys);
  await db.batch([
    db.prepare('DELETE FROM sign_in_throttle WHERE scope = ? AND key = ?').bind(charged.scope, charged.key),
    db.prepare(UNCOUNT).bind('address', keys.address, null),
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
