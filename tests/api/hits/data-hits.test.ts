import type { D1Database } from '@cloudflare/workers-types';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { clampClaim, hitBatchStatements, recordHits, type HitInput } from '../../../functions/data/hits/hits.ts';
import { IDLE_CAP_MS } from '../../../core/visible-time.ts';
import { loadStats, totalStatement, totalTimeOf } from '../../../functions/data/hits/stats.ts';
import { LEARNER, seedFixtures, SITE, THIRD } from '../fixtures.ts';

/** A learner's all-time learning time, as the profile reads it in its batch. */
const loadTotalTimeSpent = async (db: D1Database, siteId: string, userId: string) => totalTimeOf(await totalStatement(db, siteId, userId).all());

// Query-level tests of functions/data/hits/hits.ts and stats.ts: the hit, its clocks and the roll-ups.
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

describe('functions/data/hits/hits.ts', () => {
  it("builds per hit its clocks and row, then once per batch the learners' two roll-ups, with the claim clamped", () => {
    const tables = (hits: HitInput[]) => hitBatchStatements(hits, 7).map((statement) => statement.sql.match(/INSERT INTO (\w+)/)?.[1]);
    expect(tables([base])).toEqual(['hit_clock', 'hit_clock', 'hit', 'stats_hourly', 'stats_total']);
    expect(tables([base, { ...base, receipt: 'r2', at: T + 1 }])).toEqual([
      'hit_clock',
      'hit_clock',
      'hit',
      'hit_clock',
      'hit_clock',
      'hit',
      'stats_hourly',
      'stats_total',
    ]);
    expect(tables([{ ...base, userId: null }])).toEqual(['hit_clock', 'hit']);
    expect(hitBatchStatements([{ ...base, claimedMs: 10 * IDLE_CAP_MS }], 7)[0]?.params[4]).toBe(IDLE_CAP_MS);
    expect([clampClaim(-5), clampClaim(Number.NaN), clampClaim(1234.6)]).toEqual([0, 0, 1235]);
    expect(() => hitBatchStatements([{ ...base, identity: '' }], 7)).toThrow();
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

  it('rolls up a batch of several learners, tabs and hours once per learner and hour, and adds nothing when the batch comes again', async () => {
    const at = Date.parse('2026-05-20T08:59:00Z'); // 10:59 in Rome
    const hit = (receipt: string, userId: string | null, identity: string, offset: number, claimedMs: number): HitInput => ({
      ...base,
      receipt,
      userId,
      identity,
      course: null,
      at: at + offset,
      claimedMs,
    });
    const batch = [
      hit('b-1', LEARNER.id, 'batch-tab-a', 0, 0),
      hit('b-2', THIRD.id, 'batch-tab-b', 0, 0),
      hit('b-3', null, 'batch-tab-v', 0, 0),
      hit('b-4', LEARNER.id, 'batch-tab-a', 50_000, 50_000), // 10:59:50
      hit('b-5', THIRD.id, 'batch-tab-b', 90_000, 90_000), // 11:00:30
      hit('b-6', null, 'batch-tab-v', 90_000, 90_000),
      hit('b-7', LEARNER.id, 'batch-tab-a', 110_000, 60_000), // 11:00:50, 60 s passed
    ];
    const hourly = () =>
      env.DB.prepare("SELECT user_id, hour, ms FROM stats_hourly WHERE day = '2026-05-20' ORDER BY user_id, hour")
        .all()
        .then((result) => result.results);
    await recordHits(env.DB, batch.slice().reverse());
    const expected = [
      { user_id: LEARNER.id, hour: 10, ms: 50_000 },
      { user_id: LEARNER.id, hour: 11, ms: 60_000 },
      { user_id: THIRD.id, hour: 11, ms: 90_000 },
    ];
    expect(await hourly()).toEqual(expected);
    const totals = await Promise.all([loadTotalTimeSpent(env.DB, SITE, LEARNER.id), loadTotalTimeSpent(env.DB, SITE, THIRD.id)]);
    await recordHits(env.DB, batch);
    expect(await hourly()).toEqual(expected);
    expect(await Promise.all([loadTotalTimeSpent(env.DB, SITE, LEARNER.id), loadTotalTimeSpent(env.DB, SITE, THIRD.id)])).toEqual(totals);
    expect(await env.DB.prepare("SELECT ms FROM hit WHERE receipt = 'b-6'").first()).toEqual({ ms: 90_000 });
  });

  it('reads empty statistics, not errors, for a learner with no hits', async () => {
    const stats = await loadStats(env.DB, SITE, 'u-data-no-history', 'it-IT', T);
    expect(stats.totalTimeSpent).toBe(0);
    expect(stats.timeSpentByDay).toHaveLength(30);
    expect(stats.devices).toEqual([]);
    expect(await loadTotalTimeSpent(env.DB, SITE, 'u-data-no-history')).toBe(0);
  });
});
