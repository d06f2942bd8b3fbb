/**
 * How sign-in attempts slow an attacker down, per account, per trusted device and per client
 * address. Pure: the counters live in D1 (functions/data/auth/throttle.ts), because the Worker runs in
 * many places at once and keeps nothing in memory between requests.
 *
 * An attempt is counted before its password is checked, by one atomic statement that returns the
 * new count, or refuses to count it: past FREE_ATTEMPTS without a solved bot check, or while
 * locked. N parallel attempts are N counts, each seeing its own number, so the limits below hold
 * whatever the parallelism; a refused attempt is counted nowhere; a success clears the count.
 */
export const WINDOW_MS = 15 * 60 * 1000;
/** Attempts in a window (on the account, the device or the address) checked without a solved bot check. */
export const FREE_ATTEMPTS = 2;
/** The attempt that reaches this count locks the account (or trusted device) before its password is checked. */
export const LOCK_AFTER = 10;
export const FIRST_LOCK_MS = 15 * 60 * 1000;
export const MAX_LOCK_MS = 24 * 60 * 60 * 1000;

/**
 * A trusted device (functions/auth/device-cookie.ts) has a counter of its own: its attempts are not
 * charged to the account, so a stranger locking the account does not lock the owner's devices out.
 */
export type Scope = 'account' | 'address' | 'device';

export interface Counter {
  /** Attempts counted in the window and not cleared by a success. */
  failures: number;
  lastFailureAt: number;
  lockedUntil: number | null;
}

/**
 * Whether the counter is forgotten by now: after a quiet window (15 minutes; a day once the account
 * has been locked, so that the waits keep doubling rather than starting over), never while locked.
 */
export function expired(counter: Counter, now: number): boolean {
  if (counter.lockedUntil !== null && counter.lockedUntil > now) return false;
  const quiet = counter.failures >= LOCK_AFTER ? MAX_LOCK_MS : WINDOW_MS;
  return now - counter.lastFailureAt > quiet;
}

export function lockDuration(attempts: number): number {
  return Math.min(FIRST_LOCK_MS * 2 ** Math.max(0, attempts - LOCK_AFTER), MAX_LOCK_MS);
}

/**
 * The counter after one more attempt, or null when a lock refuses it uncounted. This is the rule
 * functions/data/auth/throttle.ts writes as one SQL statement (its tests hold the two together).
 */
export function afterAttempt(counter: Counter | null, scope: Scope, now: number): Counter | null {
  if (counter?.lockedUntil && counter.lockedUntil > now) return null;
  const failures = counter && !expired(counter, now) ? counter.failures + 1 : 1;
  // Addresses are shared (a hospital's NAT): they get the bot check, never a lock-out.
  const lockedUntil = scope !== 'address' && failures >= LOCK_AFTER ? now + lockDuration(failures) : null;
  return { failures, lastFailureAt: now, lockedUntil };
}

/** Whole minutes still to wait, rounded up and at least one: the lock-out message names them. */
export function waitMinutes(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}
