/**
 * How failed sign-ins slow an attacker down, per account, per trusted device and per client
 * address (SPEC-level rules of the hardening issue). Pure: the counters live in D1 (functions/data/throttle.ts), because the
 * Worker runs in many places at once and keeps nothing in memory between requests.
 */
export const WINDOW_MS = 15 * 60 * 1000;
/** From this many recent failures on the account or the address, a solved bot check is required. */
export const BOT_CHECK_AFTER = 3;
/** From this many, the account (or trusted device) waits: 15 minutes, doubling with every further failure, at most a day. */
export const LOCK_AFTER = 10;
const FIRST_LOCK_MS = 15 * 60 * 1000;
const MAX_LOCK_MS = 24 * 60 * 60 * 1000;

/**
 * A trusted device (functions/device-cookie.ts) has a counter of its own: its failures are not
 * charged to the account, so a stranger locking the account does not lock the owner's devices out.
 */
export type Scope = 'account' | 'address' | 'device';

export interface Counter {
  failures: number;
  lastFailureAt: number;
  lockedUntil: number | null;
}

/**
 * The counter as it stands now: forgotten after a quiet window (15 minutes; a day once the account
 * has been locked, so that the waits keep doubling rather than starting over).
 */
export function effective(counter: Counter | null, now: number): Counter | null {
  if (!counter) return null;
  if (counter.lockedUntil !== null && counter.lockedUntil > now) return counter;
  const quiet = counter.failures >= LOCK_AFTER ? MAX_LOCK_MS : WINDOW_MS;
  return now - counter.lastFailureAt > quiet ? null : counter;
}

export function lockDuration(failures: number): number {
  return Math.min(FIRST_LOCK_MS * 2 ** Math.max(0, failures - LOCK_AFTER), MAX_LOCK_MS);
}

export function afterFailure(counter: Counter | null, scope: Scope, now: number): Counter {
  const failures = (effective(counter, now)?.failures ?? 0) + 1;
  // Addresses are shared (a hospital's NAT): they get the bot check, never a lock-out.
  const lockedUntil = scope !== 'address' && failures >= LOCK_AFTER ? now + lockDuration(failures) : null;
  return { failures, lastFailureAt: now, lockedUntil };
}

export interface SignInGate {
  /** Milliseconds the account must still wait, or 0. */
  waitMs: number;
  botCheck: boolean;
}

/** `account` is the counter the attempt is charged to: the account's, or the trusted device's. */
export function gate(account: Counter | null, address: Counter | null, now: number): SignInGate {
  const a = effective(account, now);
  const b = effective(address, now);
  const waitMs = a?.lockedUntil && a.lockedUntil > now ? a.lockedUntil - now : 0;
  return { waitMs, botCheck: (a?.failures ?? 0) >= BOT_CHECK_AFTER || (b?.failures ?? 0) >= BOT_CHECK_AFTER };
}

/** Whole minutes still to wait, rounded up and at least one: the lock-out message names them. */
export function waitMinutes(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}
