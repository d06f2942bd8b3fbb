import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { markChallengeUsed } from '../../functions/data/bot-check.ts';
import { clearCounter, readCounters, recordFailure } from '../../functions/data/throttle.ts';
import { LOCK_AFTER } from '../../functions/sign-in-throttle.ts';

// Query-level tests of functions/data/throttle.ts and bot-check.ts.
const keys = { account: 'tiles-demo/data.throttle', address: '198.51.100.77' };

describe('functions/data/throttle.ts', () => {
  it('counts failures on the account and the address together, and reads them back', async () => {
    expect(await readCounters(env.DB, keys)).toEqual({ target: null, address: null });
    let counters = await readCounters(env.DB, keys);
    for (let i = 1; i <= LOCK_AFTER; i++) counters = await recordFailure(env.DB, keys, counters, 1_000 + i);
    const stored = await readCounters(env.DB, keys);
    expect(stored).toEqual(counters);
    expect(stored.target).toMatchObject({ failures: LOCK_AFTER, lastFailureAt: 1_000 + LOCK_AFTER });
    expect(stored.target?.lockedUntil).toBeGreaterThan(1_000 + LOCK_AFTER);
    // Addresses are shared: counted, never locked.
    expect(stored.address).toEqual({ failures: LOCK_AFTER, lastFailureAt: 1_000 + LOCK_AFTER, lockedUntil: null });
  });

  it("clears only the account's counter after a success", async () => {
    await clearCounter(env.DB, keys);
    const after = await readCounters(env.DB, keys);
    expect(after.target).toBeNull();
    expect(after.address?.failures).toBe(LOCK_AFTER);
  });

  it("a trusted device's failures are charged to the device, leaving the account's counter alone", async () => {
    const device = { ...keys, account: 'tiles-demo/data.device', device: 'device-1' };
    await recordFailure(env.DB, device, await readCounters(env.DB, device), 5_000);
    expect((await readCounters(env.DB, device)).target).toMatchObject({ failures: 1, lastFailureAt: 5_000 });
    expect((await readCounters(env.DB, { ...device, device: null })).target).toBeNull();
  });
});

describe('functions/data/bot-check.ts', () => {
  it('marks a challenge used once, until it expires, and forgets the expired ones', async () => {
    expect(await markChallengeUsed(env.DB, 'challenge-1', 2_000, 1_000)).toBe(true);
    expect(await markChallengeUsed(env.DB, 'challenge-1', 2_000, 1_500)).toBe(false);
    expect(await markChallengeUsed(env.DB, 'challenge-2', 9_000, 3_000)).toBe(true);
    expect((await env.DB.prepare("SELECT id FROM bot_check_used WHERE id LIKE 'challenge-%' ORDER BY id").all()).results).toEqual([{ id: 'challenge-2' }]);
  });
});
