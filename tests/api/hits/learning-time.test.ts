import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, newSignedInLearner, outcome, seedFixtures, SITE } from '../fixtures.ts';

// Learning time the server can trust: a hit earns at most the time that passed, as the server saw
// it, since the previous hit of the same tab identity (plus a little for network delay).
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

async function hit(at: number, ms: number, options: { cookie?: string; identity?: string; course?: string } = {}): Promise<string> {
  vi.setSystemTime(at);
  const response = await call('/api/event/hit', {
    method: 'POST',
    cookie: options.cookie,
    body: {
      ua: WINDOWS,
      identity: options.identity ?? 'tab-identity-1',
      origin: 'web',
      subject: { id: options.course ? `/it-IT/course/session/${options.course}/1/1` : '/it-IT/catalogo-corsi', meta: [{ field: 'ms', value: ms }] },
      ...(options.course ? { course: options.course, module: 1, session: 1 } : {}),
    },
  });
  expect(response.status).toBe(200);
  return (await outcome<{ _id: string }>(response))._id;
}

/** The three places a learner's time is kept: they must always agree. */
async function recorded(userId: string): Promise<{ hits: number; hourly: number; total: number }> {
  const [hits, hourly, total] = await env.DB.batch<{ ms: number }>([
    env.DB.prepare('SELECT COALESCE(SUM(ms), 0) AS ms FROM hit WHERE site_id = ? AND user_id = ?').bind(SITE, userId),
    env.DB.prepare('SELECT COALESCE(SUM(ms), 0) AS ms FROM stats_hourly WHERE site_id = ? AND user_id = ?').bind(SITE, userId),
    env.DB.prepare('SELECT COALESCE(SUM(ms), 0) AS ms FROM stats_total WHERE site_id = ? AND user_id = ?').bind(SITE, userId),
  ]);
  return { hits: hits?.results[0]?.ms ?? -1, hourly: hourly?.results[0]?.ms ?? -1, total: total?.results[0]?.ms ?? -1 };
}

async function totalTimeSpent(cookie: string): Promise<number> {
  return (await outcome<{ data: { totalTimeSpent: number } }>(await call('/api/stats', { cookie }))).data.totalTimeSpent;
}

const T0 = Date.parse('2026-05-04T08:00:00Z');

beforeAll(seedFixtures);
afterEach(() => {
  vi.useRealTimers();
});

describe('POST /api/event/hit earns only the time that passed', () => {
  it('gives the first hit of a tab nothing, whatever it claims', async () => {
    const learner = await newSignedInLearner('time');
    vi.useFakeTimers();
    const id = await hit(T0, 25 * 60_000, { cookie: learner.cookie });
    expect(await env.DB.prepare('SELECT ms FROM hit WHERE receipt = ?').bind(id).first()).toEqual({ ms: 0 });
    expect(await recorded(learner.id)).toEqual({ hits: 0, hourly: 0, total: 0 });
    expect(await totalTimeSpent(learner.cookie)).toBe(0);
  });

  it('turns five hits claiming 30 minutes each, sent within one second, into at most a second', async () => {
    const learner = await newSignedInLearner('time');
    vi.useFakeTimers();
    for (let i = 0; i < 5; i++) await hit(T0 + i * 250, 30 * 60_000, { cookie: learner.cookie });
    const time = await recorded(learner.id);
    expect(time.total).toBeLessThanOrEqual(1_000);
    expect(time).toEqual({ hits: time.total, hourly: time.total, total: time.total });
    expect(await totalTimeSpent(learner.cookie)).toBe(time.total);
  });

  it('counts a normal sequence in full: hits 10 s apart claiming 10 s', async () => {
    const learner = await newSignedInLearner('time');
    vi.useFakeTimers();
    await hit(T0, 0, { cookie: learner.cookie });
    for (let i = 1; i <= 6; i++) await hit(T0 + i * 10_000, 10_000, { cookie: learner.cookie, course: i % 2 ? 'triage' : undefined });
    expect(await recorded(learner.id)).toEqual({ hits: 60_000, hourly: 60_000, total: 60_000 });
    expect(await totalTimeSpent(learner.cookie)).toBe(60_000);
    const subjects = await env.DB.prepare('SELECT subject, SUM(ms) AS ms FROM stats_hourly WHERE user_id = ? GROUP BY subject ORDER BY subject')
      .bind(learner.id)
      .all();
    expect(subjects.results).toEqual([
      { subject: '', ms: 30_000 },
      { subject: 'cat-rischio', ms: 30_000 },
    ]);
  });

  it('absorbs a slow request followed by a fast one, with at most 2 s carried forward', async () => {
    const learner = await newSignedInLearner('time');
    vi.useFakeTimers();
    await hit(T0 + 200, 0, { cookie: learner.cookie });
    // Hits the tab sent 10 s apart; the first of them reached the server 1.5 s late.
    await hit(T0 + 11_700, 10_000, { cookie: learner.cookie });
    await hit(T0 + 20_200, 10_000, { cookie: learner.cookie });
    expect((await recorded(learner.id)).total).toBe(20_000);
    // A quiet gap leaves 10 s unclaimed, but only 2 s of it may be spent later.
    await hit(T0 + 35_200, 5_000, { cookie: learner.cookie });
    await hit(T0 + 37_200, 10_000, { cookie: learner.cookie });
    expect(await recorded(learner.id)).toEqual({ hits: 29_000, hourly: 29_000, total: 29_000 });
  });

  it('keeps the 30-minute idle cap', async () => {
    const learner = await newSignedInLearner('time');
    vi.useFakeTimers();
    await hit(T0, 0, { cookie: learner.cookie });
    await hit(T0 + 3 * 3_600_000, 10 * 3_600_000, { cookie: learner.cookie });
    expect(await recorded(learner.id)).toEqual({ hits: 1_800_000, hourly: 1_800_000, total: 1_800_000 });
  });

  it('does not let parallel tabs of one learner add up to more than the time that passed', async () => {
    const learner = await newSignedInLearner('time');
    vi.useFakeTimers();
    // Three tabs opened together, then each claims the full ten minutes that followed.
    for (const tab of ['tab-a-0001', 'tab-b-0001', 'tab-c-0001']) await hit(T0, 0, { cookie: learner.cookie, identity: tab });
    for (const [i, tab] of ['tab-a-0001', 'tab-b-0001', 'tab-c-0001'].entries())
      await hit(T0 + 600_000 + i * 100, 600_000, { cookie: learner.cookie, identity: tab });
    const { total } = await recorded(learner.id);
    expect(total).toBeGreaterThanOrEqual(600_000);
    expect(total).toBeLessThanOrEqual(600_000 + 2_000 + 200);
  });

  it('keeps each tab and each learner on its own clock', async () => {
    const first = await newSignedInLearner('time');
    const second = await newSignedInLearner('time');
    vi.useFakeTimers();
    await hit(T0, 0, { cookie: first.cookie, identity: 'shared-identity' });
    // Another learner (or a visitor) sending the same identity starts a clock of their own.
    await hit(T0 + 60_000, 60_000, { cookie: second.cookie, identity: 'shared-identity' });
    const visitorHit = await hit(T0 + 60_000, 60_000, { identity: 'shared-identity' });
    await hit(T0 + 60_000, 60_000, { cookie: first.cookie, identity: 'shared-identity' });
    expect((await recorded(first.id)).total).toBe(60_000);
    expect((await recorded(second.id)).total).toBe(0);
    expect(await env.DB.prepare('SELECT user_id, ms FROM hit WHERE receipt = ?').bind(visitorHit).first()).toEqual({ user_id: null, ms: 0 });
  });

  it('lets two hits sent at once spend the same time only once', async () => {
    const learner = await newSignedInLearner('time');
    vi.useFakeTimers();
    await hit(T0, 0, { cookie: learner.cookie });
    vi.setSystemTime(T0 + 600_000);
    const body = { ua: WINDOWS, identity: 'tab-identity-1', subject: { id: '/it-IT', meta: [{ field: 'ms', value: 600_000 }] } };
    const answers = await Promise.all([1, 2, 3].map(() => call('/api/event/hit', { method: 'POST', cookie: learner.cookie, body })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect((await recorded(learner.id)).total).toBeLessThanOrEqual(600_000 + 2_000);
  });
});
