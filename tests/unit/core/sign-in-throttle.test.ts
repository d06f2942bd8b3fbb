import { describe, expect, it } from 'vitest';
import { afterAttempt, expired, lockDuration, FREE_ATTEMPTS, waitMinutes, WINDOW_MS, type Counter, type Scope } from '../../../core/sign-in-throttle.ts';

const attempts = (times: number, scope: Scope, now = 0): Counter => {
  let counter: Counter | null = null;
  for (let i = 0; i < times; i++) counter = afterAttempt(counter, scope, now) ?? counter;
  if (!counter) throw new Error('no attempt');
  return counter;
};

describe('sign-in throttling', () => {
  it('counts attempts in a 15-minute window, two of them free of the bot check, and starts over after a quiet window', () => {
    expect(FREE_ATTEMPTS).toBe(2);
    expect(attempts(3, 'account').failures).toBe(3);
    expect(afterAttempt(attempts(3, 'account'), 'account', WINDOW_MS + 1)?.failures).toBe(1);
  });

  it('the tenth attempt locks the account before its check, doubling the wait; never the shared address', () => {
    expect(attempts(9, 'account').lockedUntil).toBeNull();
    expect(attempts(10, 'account').lockedUntil).toBe(15 * 60_000);
    // While locked, an attempt is refused uncounted.
    expect(afterAttempt(attempts(10, 'account'), 'account', 60_000)).toBeNull();
    expect(lockDuration(11)).toBe(30 * 60_000);
    expect(lockDuration(40)).toBe(24 * 60 * 60_000);
    expect(attempts(50, 'address').lockedUntil).toBeNull();
  });

  it('locks a trusted device by its own count, as an account', () => {
    expect(attempts(9, 'device').lockedUntil).toBeNull();
    expect(attempts(10, 'device').lockedUntil).toBe(15 * 60_000);
  });

  it('remembers a locked account for a day, so the next attempt after the wait locks it for longer', () => {
    const locked = attempts(10, 'account');
    const later = 20 * 60_000;
    expect(expired(locked, later)).toBe(false);
    expect(afterAttempt(locked, 'account', later)).toEqual({ failures: 11, lastFailureAt: later, lockedUntil: later + 30 * 60_000 });
    expect(expired(locked, 25 * 60 * 60_000)).toBe(true);
  });

  it('says the wait in whole minutes, rounded up', () => {
    expect(waitMinutes(1)).toBe(1);
    expect(waitMinutes(15 * 60_000)).toBe(15);
    expect(waitMinutes(15 * 60_000 + 1)).toBe(16);
  });
});
