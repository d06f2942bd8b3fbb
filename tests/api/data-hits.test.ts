import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { clampClaim, hitStatements, MAX_HIT_MS, recordHits, type HitInput } from '../../functions/data/hits.ts';
import { loadStats, loadTotalTimeSpent } from '../../functions/data/stats.ts';
import { seedFixtures, SITE, THIRD } from './fixtures.ts';

// Query-level tests of functions/data/hits.ts and stats.ts: the hit, its clocks and the roll-ups.
beforeAll(seedFixtures);

/** Writes one hit and reads back its row (by receipt): what it earned. */
async function recordHit(hit: HitInput): Promise<{ ms: number; user_id: string | null } | null> {
  await recordHits(env.DB, [hit]);
  return env.DB.prepare('SELECT ms, user_id FROM hit WHERE site_id = ? AND receipt = ?').bind(hit.siteId, hit.receipt).first();
}

// 10:00 in Rome (UTC+2 in May).
const T = Date.parse('2026-05-12T08:00:00Z');
const base: HitInput = {
  receipt: 'data-hits-1',
  siteId: SITE,
  userId: THIRD.id,
  identity: 'data-hits-tab-1',
  ua: 'vitest',
  origin: 'web',
  path: '/it-IT/course/session/triage/1/1',
  claimedMs: 0,
  device: 'linux',
  course: 'triage',
  module: 1,
  session: 1,
  at: T,
};

describe('functions/data/hits.ts', () => {
  it('builds the clocks, for a learner only the two roll-ups, then the hit, with the claim clamped', () => {
    expect(hitStatements(base).map((statement) => statement.sql.match(/INSERT INTO (\w+)/)?.[1])).toEqual([
      'hit_clock',
      'hit_clock',
      'stats_hourly',
      'stats_total',
      'hit',
    ]);
    expect(hitStatements({ ...base, userId: null }).map((statement) => statement.sql.match(/INSERT INTO (\w+)/)?.[1])).toEqual(['hit_clock', 'hit']);
    expect(hitStatements({ ...base, claimedMs: 10 * MAX_HIT_MS })[0]?.params[4]).toBe(MAX_HIT_MS);
    expect([clampClaim(-5), clampClaim(Number.NaN), clampClaim(1234.6)]).toEqual([0, 0, 1235]);
    expect(() => hitStatements({ ...base, identity: '' })).toThrow();
  });

  it('records what the hit earned in the hit row, the hourly roll-up (Rome time, subject = category) and the total', async () => {
    expect((await recordHit(base))?.ms).toBe(0);
    expect((await recordHit({ ...base, receipt: 'data-hits-2', claimedMs: 120_000, at: T + 120_000 }))?.ms).toBe(120_000);
    expect(
      await env.DB.prepare(
        "SELECT site_id, user_id, identity, path, ms, device, course_id, module_number, session_number, created_at FROM hit WHERE receipt = 'data-hits-2'",
      ).first(),
    ).toEqual({
      site_id: SITE,
      user_id: THIRD.id,
      identity: 'data-hits-tab-1',
      path: base.path,
      ms: 120_000,
      device: 'linux',
      course_id: 'triage',
      module_number: 1,
      session_number: 1,
      created_at: T + 120_000,
    });
    expect((await env.DB.prepare('SELECT day, hour, device, subject, ms FROM stats_hourly WHERE user_id = ?').bind(THIRD.id).all()).results).toEqual([
      { day: '2026-05-12', hour: 10, device: 'linux', subject: 'cat-rischio', ms: 120_000 },
    ]);
    expect(await loadTotalTimeSpent(env.DB, SITE, THIRD.id)).toBe(120_000);
    const stats = await loadStats(env.DB, SITE, THIRD.id, 'it-IT', T + 3_600_000);
    expect(stats.totalTimeSpent).toBe(120_000);
    expect(stats.courseSubject).toEqual([{ label: 'Rischio clinico', data: 2 }]);
    expect(stats.devices).toEqual([{ label: 'linux', data: 2 }]);
    expect(stats.timeSpentByHour[10]).toEqual({ label: '10', data: 2 });
  });

  it("keeps a visitor's hit with what it earned, and rolls nothing up", async () => {
    const visitor = { ...base, receipt: 'data-hits-v1', userId: null, identity: 'data-hits-visitor' };
    await recordHit(visitor);
    expect(await recordHit({ ...visitor, receipt: 'data-hits-v2', claimedMs: 90_000, at: T + 60_000 })).toEqual({ user_id: null, ms: 60_000 });
    expect(await env.DB.prepare("SELECT owner, credited_to FROM hit_clock WHERE identity = 'data-hits-visitor'").first()).toEqual({
      owner: '',
      credited_to: T + 60_000,
    });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM stats_hourly WHERE user_id = ''").first()).toEqual({ n: 0 });
  });

  it('reads empty statistics, not errors, for a learner with no hits', async () => {
    const stats = await loadStats(env.DB, SITE, 'u-data-no-history', 'it-IT', T);
    expect(stats.totalTimeSpent).toBe(0);
    expect(stats.timeSpentByDay).toHaveLength(30);
    expect(stats.devices).toEqual([]);
    expect(await loadTotalTimeSpent(env.DB, SITE, 'u-data-no-history')).toBe(0);
  });
});
