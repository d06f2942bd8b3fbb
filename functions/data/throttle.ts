import type { D1Database } from '@cloudflare/workers-types';
import { afterFailure, type Counter, type Scope } from '../sign-in-throttle.ts';

export interface SignInKeys {
  account: string;
  address: string;
  /** The trusted device's id (functions/device-cookie.ts): its failures are charged there, not to the account. */
  device?: string | null;
}

/** The counter an attempt is charged to (the trusted device's, else the account's) and the address's. */
export interface SignInCounters {
  target: Counter | null;
  address: Counter | null;
}

interface Row {
  scope: Scope;
  failures: number;
  last_failure_at: number;
  locked_until: number | null;
}

const toCounter = (row: Row | undefined): Counter | null =>
  row ? { failures: row.failures, lastFailureAt: row.last_failure_at, lockedUntil: row.locked_until } : null;

const target = (keys: SignInKeys): { scope: Scope; key: string } =>
  keys.device ? { scope: 'device', key: keys.device } : { scope: 'account', key: keys.account };

export async function readCounters(db: D1Database, keys: SignInKeys): Promise<SignInCounters> {
  const charged = target(keys);
  const { results } = await db
    .prepare("SELECT scope, failures, last_failure_at, locked_until FROM sign_in_throttle WHERE (scope = ? AND key = ?) OR (scope = 'address' AND key = ?)")
    .bind(charged.scope, charged.key, keys.address)
    .all<Row>();
  return { target: toCounter(results.find((row) => row.scope === charged.scope)), address: toCounter(results.find((row) => row.scope === 'address')) };
}

/** Counts a failure on the charged counter and the address in one batch; returns the counters as they now stand. */
export async function recordFailure(db: D1Database, keys: SignInKeys, current: SignInCounters, now: number): Promise<SignInCounters> {
  const charged = target(keys);
  const counter = afterFailure(current.target, charged.scope, now);
  const address = afterFailure(current.address, 'address', now);
  const upsert = db.prepare(
    `INSERT INTO sign_in_throttle (scope, key, failures, last_failure_at, locked_until) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (scope, key) DO UPDATE SET failures = excluded.failures, last_failure_at = excluded.last_failure_at, locked_until = excluded.locked_until`,
  );
  await db.batch([
    upsert.bind(charged.scope, charged.key, counter.failures, counter.lastFailureAt, counter.lockedUntil),
    upsert.bind('address', keys.address, address.failures, address.lastFailureAt, address.lockedUntil),
  ]);
  return { target: counter, address };
}

/**
 * A successful sign-in clears the counter it was charged to; the address keeps its own. A success
 * from a trusted device leaves the account's counter alone: a stranger's lock-out stays in place
 * for every other client.
 */
export async function clearCounter(db: D1Database, keys: SignInKeys): Promise<void> {
  const charged = target(keys);
  await db.prepare('DELETE FROM sign_in_throttle WHERE scope = ? AND key = ?').bind(charged.scope, charged.key).run();
}
