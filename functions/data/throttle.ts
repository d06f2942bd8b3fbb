import type { D1Database } from '@cloudflare/workers-types';
import { afterFailure, type Counter, type Scope } from '../sign-in-throttle.ts';

export interface SignInKeys {
  account: string;
  address: string;
}

interface Row {
  scope: Scope;
  failures: number;
  last_failure_at: number;
  locked_until: number | null;
}

const toCounter = (row: Row | undefined): Counter | null => (row ? { failures: row.failures, lastFailureAt: row.last_failure_at, lockedUntil: row.locked_until } : null);

export async function readCounters(db: D1Database, keys: SignInKeys): Promise<{ account: Counter | null; address: Counter | null }> {
  const { results } = await db
    .prepare("SELECT scope, failures, last_failure_at, locked_until FROM sign_in_throttle WHERE (scope = 'account' AND key = ?) OR (scope = 'address' AND key = ?)")
    .bind(keys.account, keys.address)
    .all<Row>();
  return { account: toCounter(results.find((row) => row.scope === 'account')), address: toCounter(results.find((row) => row.scope === 'address')) };
}

/** Counts a failure on both keys in one batch; returns the counters as they now stand. */
export async function recordFailure(db: D1Database, keys: SignInKeys, current: { account: Counter | null; address: Counter | null }, now: number) {
  const account = afterFailure(current.account, 'account', now);
  const address = afterFailure(current.address, 'address', now);
  const upsert = db.prepare(
    `INSERT INTO sign_in_throttle (scope, key, failures, last_failure_at, locked_until) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (scope, key) DO UPDATE SET failures = excluded.failures, last_failure_at = excluded.last_failure_at, locked_until = excluded.locked_until`,
  );
  await db.batch([
    upsert.bind('account', keys.account, account.failures, account.lastFailureAt, account.lockedUntil),
    upsert.bind('address', keys.address, address.failures, address.lastFailureAt, address.lockedUntil),
  ]);
  return { account, address };
}

/** A successful sign-in clears the account's counter; the address keeps its own. */
export async function clearAccount(db: D1Database, account: string): Promise<void> {
  await db.prepare("DELETE FROM sign_in_throttle WHERE scope = 'account' AND key = ?").bind(account).run();
}
