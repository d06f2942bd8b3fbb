import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, seedFixtures, signIn, SITE } from '../fixtures.ts';
import { env } from 'cloudflare:workers';
import { hashPassword } from '../../../functions/auth/password.ts';

const STATS_USER = { id: 'u-api-stats', code: 'api.stats', password: 'Api-Stats-2026!' };
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  await seedFixtures();
  const now = Date.now();
  await env.DB.prepare(
    "INSERT OR IGNORE INTO user (id, site_id, code, password_hash, first_name, last_name, gender, locale, roles, created_at, updated_at) VALUES (?, ?, ?, ?, 'Anna', 'Neri', 'f', 'it-IT', '[\"learner\"]', ?, ?)",
  )
    .bind(STATS_USER.id, SITE, STATS_USER.code, await hashPassword(STATS_USER.password, env.PASSWORD_PEPPER, 1000), now, now)
    .run();
});

afterEach(() => {
  vi.useRealTimers();
});

interface StatItem {
  label: string;
  data: number;
}

async function hitAt(iso: string, cookie: string, body: { ua: string; minutes: number; course?: string }) {
  vi.setSystemTime(new Date(iso));
  const response = await call('/api/event/hit', {
    method: 'POST',
    cookie,
    body: {
      ua: body.ua,
      identity: 'stats-identity-1',
      origin: 'web',
      subject: {
        id: body.course ? `/it-IT/course/session/${body.course}/1/1` : '/it-IT/catalogo-corsi',
        meta: [{ field: 'ms', value: body.minutes * 60_000 }],
      },
      ...(body.course ? { course: body.course, module: 1, session: 1 } : {}),
    },
  });
  expect(response.status).toBe(200);
}

describe('GET /api/stats sums the learner hits', () => {
  it('per Europe/Rome day and hour, device and subject, with empty days at zero', async () => {
    const cookie = await signIn(STATS_USER);
    // The tab's first hit earns nothing: it starts the tab's clock, ten minutes before the next one.
    await hitAt('2026-03-28T23:20:00Z', cookie, { ua: WINDOWS, minutes: 0 });
    // 23:30 UTC on 28 March is 00:30 of 29 March in Rome (winter time, UTC+1).
    await hitAt('2026-03-28T23:30:00Z', cookie, { ua: WINDOWS, minutes: 10, course: 'triage' });
    // 29 March is the switch to summer time: 10:15 UTC is 12:15 in Rome (UTC+2).
    await hitAt('2026-03-29T10:15:00Z', cookie, { ua: IPHONE, minutes: 20 });
    // 31 March, 06:00 UTC = 08:00 in Rome; 30 March has no hits.
    await hitAt('2026-03-31T06:00:00Z', cookie, { ua: WINDOWS, minutes: 30, course: 'triage' });
    // Idle gaps are capped at 30 minutes.
    await hitAt('2026-03-31T07:00:00Z', cookie, { ua: WINDOWS, minutes: 600 });

    vi.setSystemTime(new Date('2026-03-31T12:00:00Z'));
    const response = await call('/api/stats', { cookie });
    expect(response.status).toBe(200);
    const { data } = (await response.json<{ outcome: { data: Record<string, StatItem[] | number> } }>()).outcome;

    expect(data.totalTimeSpent).toBe((10 + 20 + 30 + 30) * 60_000);
    const byDay = data.timeSpentByDay as StatItem[];
    expect(byDay).toHaveLength(30);
    expect(byDay.at(-1)).toEqual({ label: '2026-03-31', data: 60 });
    expect(byDay.at(-2)).toEqual({ label: '2026-03-30', data: 0 });
    expect(byDay.at(-3)).toEqual({ label: '2026-03-29', data: 30 });
    expect(byDay.find((d) => d.label === '2026-03-28')).toEqual({ label: '2026-03-28', data: 0 });

    const byHour = data.timeSpentByHour as StatItem[];
    expect(byHour[0]).toEqual({ label: '0', data: 10 });
    expect(byHour[12]).toEqual({ label: '12', data: 20 });
    expect(byHour[8]).toEqual({ label: '8', data: 30 });
    expect(byHour[9]).toEqual({ label: '9', data: 30 });
    expect(byHour.reduce((sum, h) => sum + h.data, 0)).toBe(90);

    expect(data.devices).toEqual([
      { label: 'windows', data: 70 },
      { label: 'ios', data: 20 },
    ]);
    // A hit carries the time of the page the tab showed before it: the session opened at 23:30 and at
    // 06:00 earned the 20 and 30 minutes of the hits that left it.
    expect(data.courseSubject).toEqual([{ label: 'Rischio clinico', data: 50 }]);

    // Sunday 29 March: 30 minutes on one Sunday of the period; Tuesday 31: 60 minutes.
    const weekdays = data.averageTimeSpentByDay as StatItem[];
    expect(weekdays.map((w) => w.label)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
    const tuesday = weekdays.find((w) => w.label === 'tuesday');
    const sunday = weekdays.find((w) => w.label === 'sunday');
    expect(tuesday?.data).toBeGreaterThan(sunday?.data ?? Infinity);
  });

  it('is empty, not an error, for a learner without history', async () => {
    const cookie = await signIn({ code: 'api.other', password: 'Api-Other-2026!' });
    const { data } = (await (await call('/api/stats', { cookie })).json<{ outcome: { data: Record<string, StatItem[] | number> } }>()).outcome;
    expect(data.totalTimeSpent).toBe(0);
    expect(data.devices).toEqual([]);
    expect(data.courseSubject).toEqual([]);
    expect((data.timeSpentByDay as StatItem[]).every((d) => d.data === 0)).toBe(true);
  });

  it('counts only the signed-in learner and never a visitor', async () => {
    vi.setSystemTime(new Date('2026-03-31T09:00:00Z'));
    const visitor = await call('/api/event/hit', {
      method: 'POST',
      body: { ua: WINDOWS, identity: 'visitor-identity', subject: { id: '/it-IT', meta: [{ field: 'ms', value: 60_000 }] } },
    });
    expect(visitor.status).toBe(200);
    const cookie = await signIn(STATS_USER);
    vi.setSystemTime(new Date('2026-03-31T12:00:00Z'));
    const { data } = (await (await call('/api/stats', { cookie })).json<{ outcome: { data: { totalTimeSpent: number } } }>()).outcome;
    expect(data.totalTimeSpent).toBe(90 * 60_000);
  });
});
