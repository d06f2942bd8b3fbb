import { describe, expect, it } from 'vitest';
import {
  afterAttempt,
  expired,
  lockDuration,
  needsBotCheck,
  waitMinutes,
  WINDOW_MS,
  type Counter,
  type Scope,
} from '../../../../functions/auth/sign-in-throttle.ts';

const attempts = (times: number, scope: Scope, now = 0): Counter => {
  let counter: Counter | null = null;
  for (let i = 0; i < times; i++) counter = afterAttempt(counter, scope, now) ?? counter;
  if (!counter) throw new Error('no attempt');
  return counter;
};
const none: Counter = { failures: 0, lastFailureAt: 0, lockedUntil: null };

describe('sign-in throttling', () => {
  it('checks two attempts in 15 minutes without the bot check, on the account and the address; the third needs it', () => {
    expect(needsBotCheck(attempts(2, 'account'), attempts(2, 'address'))).toBe(false);
    expect(needsBotCheck(attempts(3, 'account'), none)).toBe(true);
    expect(needsBotCheck(none, attempts(3, 'address'))).toBe(true);
    // After a quiet window the count starts over.
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
