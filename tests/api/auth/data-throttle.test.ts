import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { markChallengeUsed } from '../../../functions/data/auth/bot-check.ts';
import { clearCounter, countAttempt, purgeExpiredCounters, readCounter } from '../../../functions/data/auth/throttle.ts';
import { afterAttempt, FREE_ATTEMPTS, LOCK_AFTER, type Counter } from '../../../core/sign-in-throttle.ts';

// Query-level tests of functions/data/auth/throttle.ts and bot-check.ts.
const keys = { account: 'tiles-demo/data.throttle', address: '198.51.100.77' };

describe('functions/data/auth/throttle.ts', () => {
  it('counts attempts on the account and the address together, as the pure rule says, locking at the tenth', async () => {
    let expected: Counter | null = null;
    for (let i = 1; i <= LOCK_AFTER; i++) {
      const now = 1_000 + i;
      const attempt = await countAttempt(env.DB, keys, now, true);
      expected = afterAttempt(expected, 'account', now);
      expect(attempt).toEqual({ kind: 'counted', target: expected, address: { failures: i, lastFailureAt: now, lockedUntil: null } });
    }
    const lockedUntil = expected?.lockedUntil ?? 0;
    expect(lockedUntil).toBeGreaterThan(1_000 + LOCK_AFTER);
    // Locked: refused, counted nowhere.
    expect(await countAttempt(env.DB, keys, 2_000, true)).toEqual({ kind: 'locked', lockedUntil });
    expect(await readCounter(env.DB, 'account', keys.account)).toMatchObject({ failures: LOCK_AFTER });
    expect(await readCounter(env.DB, 'address', keys.address)).toMatchObject({ failures: LOCK_AFTER, lockedUntil: null });
    // After the wait the count goes on, and the next lock is twice as long (the rule's own test says so).
    const after = await countAttempt(env.DB, keys, lockedUntil + 1, true);
    expect(after).toMatchObject({ kind: 'counted', target: afterAttempt(expected, 'account', lockedUntil + 1) });
  });

  it('refuses to count an attempt past the free ones without a solved check, on the account or the address, counting nothing', async () => {
    const local = { account: 'tiles-demo/data.free', address: '198.51.100.78' };
    for (let i = 1; i <= FREE_ATTEMPTS; i++) expect(await countAttempt(env.DB, local, 5_000 + i, false)).toMatchObject({ kind: 'counted' });
    expect(await countAttempt(env.DB, local, 5_100, false)).toEqual({ kind: 'bot-check' });
    expect(await readCounter(env.DB, 'account', local.account)).toMatchObject({ failures: FREE_ATTEMPTS });
    expect(await readCounter(env.DB, 'address', local.address)).toMatchObject({ failures: FREE_ATTEMPTS });
    // Another account from the same address: the address's count stops it too.
    expect(await countAttempt(env.DB, { ...local, account: 'tiles-demo/data.free2' }, 5_200, false)).toEqual({ kind: 'bot-check' });
    expect(await readCounter(env.DB, 'account', 'tiles-demo/data.free2')).toBeNull();
    // With a solved check it counts.
    expect(await countAttempt(env.DB, local, 5_300, true)).toMatchObject({ kind: 'counted', target: { failures: FREE_ATTEMPTS + 1 } });
  });

  it("clears only the account's counter after a success, and takes the attempt back from the address", async () => {
    const local = { account: 'tiles-demo/data.clear', address: '198.51.100.79' };
    await countAttempt(env.DB, local, 7_000, false);
    await countAttempt(env.DB, local, 7_001, false);
    await clearCounter(env.DB, local);
    expect(await readCounter(env.DB, 'account', local.account)).toBeNull();
    expect(await readCounter(env.DB, 'address', local.address)).toMatchObject({ failures: 1 });
  });

  it("a trusted device's attempts are charged to the device, leaving the account's counter alone", async () => {
    const device = { account: 'tiles-demo/data.device', address: '198.51.100.80', device: 'device-1' };
    await countAttempt(env.DB, device, 5_000, false);
    expect(await readCounter(env.DB, 'device', 'device-1')).toMatchObject({ failures: 1, lastFailureAt: 5_000 });
    expect(await readCounter(env.DB, 'account', 'tiles-demo/data.device')).toBeNull();
  });

  it('purges the counters no rule reads any more, keeping live ones and locks', async () => {
    const day = 24 * 60 * 60 * 1000;
    const now = 100 * day;
    await env.DB.batch([
      env.DB.prepare("INSERT INTO sign_in_throttle VALUES ('account', 'purge/quiet', 2, ?, NULL)").bind(now - 16 * 60_000),
      env.DB.prepare("INSERT INTO sign_in_throttle VALUES ('account', 'purge/recent', 2, ?, NULL)").bind(now - 60_000),
      env.DB.prepare("INSERT INTO sign_in_throttle VALUES ('account', 'purge/was-locked', 10, ?, ?)").bind(now - 2 * 60 * 60_000, now - 60 * 60_000),
      env.DB.prepare("INSERT INTO sign_in_throttle VALUES ('account', 'purge/old-lock', 10, ?, ?)").bind(now - 2 * day, now - day - 1),
      env.DB.prepare("INSERT INTO sign_in_throttle VALUES ('account', 'purge/locked', 30, ?, ?)").bind(now - 2 * day, now + 60_000),
    ]);
    await purgeExpiredCounters(env.DB, now);
    const { results } = await env.DB.prepare("SELECT key FROM sign_in_throttle WHERE key LIKE 'purge/%' ORDER BY key").all<{ key: string }>();
    expect(results.map((row) => row.key)).toEqual(['purge/locked', 'purge/recent', 'purge/was-locked']);
  });
});

describe('functions/data/auth/bot-check.ts', () => {
  it('marks a challenge used once, until it expires, and forgets the expired ones', async () => {
    expect(await markChallengeUsed(env.DB, 'challenge-1', 2_000, 1_000)).toBe(true);
    expect(await markChallengeUsed(env.DB, 'challenge-1', 2_000, 1_500)).toBe(false);
    expect(await markChallengeUsed(env.DB, 'challenge-2', 9_000, 3_000)).toBe(true);
    expect((await env.DB.prepare("SELECT id FROM bot_check_used WHERE id LIKE 'challenge-%' ORDER BY id").all()).results).toEqual([{ id: 'challenge-2' }]);
  });

  it('lets exactly one of 30 parallel uses of one solved challenge through', async () => {
    const results = await Promise.all(Array.from({ length: 30 }, () => markChallengeUsed(env.DB, 'challenge-parallel', 90_000, 10_000)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
