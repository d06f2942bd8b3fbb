import { describe, expect, it } from 'vitest';
import { afterFailure, effective, gate, lockDuration, waitMinutes, WINDOW_MS, type Counter } from '../../functions/sign-in-throttle.ts';

const fail = (times: number, scope: 'account' | 'address' | 'device', now = 0): Counter | null => {
  let counter: Counter | null = null;
  for (let i = 0; i < times; i++) counter = afterFailure(counter, scope, now);
  return counter;
};

describe('sign-in throttling', () => {
  it('needs the bot check from the third failure in 15 minutes, on the account or the address', () => {
    expect(gate(fail(2, 'account'), fail(2, 'address'), 0).botCheck).toBe(false);
    expect(gate(fail(3, 'account'), null, 0).botCheck).toBe(true);
    expect(gate(null, fail(3, 'address'), 0).botCheck).toBe(true);
    expect(gate(fail(3, 'account'), null, WINDOW_MS + 1).botCheck).toBe(false);
  });

  it('locks the account from the tenth failure, doubling the wait, never the shared address', () => {
    expect(gate(fail(9, 'account'), null, 0).waitMs).toBe(0);
    expect(gate(fail(10, 'account'), null, 0).waitMs).toBe(15 * 60_000);
    expect(lockDuration(11)).toBe(30 * 60_000);
    expect(lockDuration(40)).toBe(24 * 60 * 60_000);
    expect(gate(null, fail(50, 'address'), 0)).toEqual({ waitMs: 0, botCheck: true });
  });

  it('locks a trusted device by its own count, as an account', () => {
    expect(gate(fail(9, 'device'), null, 0).waitMs).toBe(0);
    expect(gate(fail(10, 'device'), null, 0).waitMs).toBe(15 * 60_000);
  });

  it('remembers a locked account for a day, so the next failure after the wait locks it for longer', () => {
    const locked = fail(10, 'account');
    const later = 20 * 60_000;
    expect(effective(locked, later)?.failures).toBe(10);
    expect(afterFailure(locked, 'account', later).lockedUntil).toBe(later + 30 * 60_000);
    expect(effective(locked, 25 * 60 * 60_000)).toBeNull();
  });

  it('says the wait in whole minutes, rounded up', () => {
    expect(waitMinutes(1)).toBe(1);
    expect(waitMinutes(15 * 60_000)).toBe(15);
    expect(waitMinutes(15 * 60_000 + 1)).toBe(16);
  });
});
