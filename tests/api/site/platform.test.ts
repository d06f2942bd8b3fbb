import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { call, EDITOR, LEARNER, OTHER, outcome, seedFixtures, signIn, SITE, TESTER } from '../fixtures.ts';

beforeAll(seedFixtures);

describe('site and i18n', () => {
  it('GET /api/site/sites/{id} returns the site', async () => {
    const response = await call(`/api/site/sites/${SITE}`);
    expect(response.status).toBe(200);
    expect(await outcome(response)).toEqual({
      _id: SITE,
      niceName: 'Tiles Test',
      logo: 'tiles.svg',
      defaultLocale: 'it-IT',
      supportedLocale: ['it-IT', 'en-US', 'de-DE'],
    });
  });

  it("answers 404 'Site not found' for an unknown site and 400 for a malformed id", async () => {
    const missing = await call('/api/site/sites/nowhere');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ statusCode: 404, statusMessage: 'Not Found', message: 'Site not found: nowhere' });
    expect((await call('/api/site/sites/%3Cscript%3E')).status).toBe(400);
  });

  it('GET /api/i18n/locales returns the asked locales in order, with their country', async () => {
    const response = await call('/api/i18n/locales?lc=en-US,it-IT');
    expect(await outcome(response)).toEqual([
      { code: 'en-US', name: 'English', country: { code: 'US' } },
      { code: 'it-IT', name: 'Italiano', country: { code: 'IT' } },
    ]);
    expect((await call('/api/i18n/locales?lc=en-US,bogus')).status).toBe(400);
  });

  it('GET /api/i18n/boilerplate/ returns entries with translations per locale', async () => {
    const entries = await outcome<{ key: string; translations: Record<string, string> }[]>(await call('/api/i18n/boilerplate/'));
    expect(entries).toContainEqual({ key: 'nav.home', translations: { 'de-DE': 'Startseite', 'en-US': 'Home', 'it-IT': 'Home' } });
    const unknownSite = await call('/api/i18n/boilerplate/', { headers: { 'tiles-site-id': 'nowhere' } });
    expect(unknownSite.status).toBe(404);
  });

  it('GET /api/content/tag?type=category names categories in the caller locale', async () => {
    expect(await outcome(await call('/api/content/tag?type=category', { locale: 'en-US' }))).toEqual([
      { _id: 'cat-rischio', name: 'Clinical risk' },
      { _id: 'cat-privacy', name: 'Privacy' },
    ]);
    expect((await call('/api/content/tag?type=unknown')).status).toBe(400);
    expect((await call('/api/content/tag')).status).toBe(400);
  });
});

describe('roles and gamification', () => {
  it('GET /api/role/{id} needs a session and returns a role the user holds', async () => {
    expect((await call('/api/role/learner')).status).toBe(401);
    const cookie = await signIn();
    expect(await outcome(await call('/api/role/learner', { cookie }))).toEqual({
      _id: 'learner',
      name: 'Discente',
      mode: 'user',
      permissions: ['course:read', 'progress:write', 'profile:write'],
    });
    const tester = await signIn(TESTER);
    expect(await outcome(await call('/api/role/tester', { cookie: tester }))).toMatchObject({ _id: 'tester', mode: 'tester' });
  });

  it('GET /api/role/{id} refuses a role the user does not hold with 403, existing or not, unless they are staff', async () => {
    const learner = await signIn();
    for (const id of ['admin', 'tester', 'nope']) {
      const refused = await call(`/api/role/${id}`, { cookie: learner });
      expect(refused.status, id).toBe(403);
      expect(await refused.json(), id).toEqual({
        statusCode: 403,
        statusMessage: 'Forbidden',
        message: 'Il tuo ruolo non consente questa operazione (support:read).',
      });
    }
    const english = await call('/api/role/admin', { cookie: learner, locale: 'en-US' });
    expect((await english.json<{ message: string }>()).message).toBe('Your role does not allow this action (support:read).');
    // A tester holds drafts and tests, not the learners' support: another role is still closed.
    expect((await call('/api/role/admin', { cookie: await signIn(TESTER) })).status).toBe(403);

    const editor = await signIn(EDITOR);
    expect(await outcome(await call('/api/role/learner', { cookie: editor }))).toMatchObject({ _id: 'learner', mode: 'user' });
    expect(await outcome(await call('/api/role/admin', { cookie: editor }))).toMatchObject({
      mode: 'admin',
      permissions: expect.arrayContaining(['content:edit', 'content:publish']),
    });
    const missing = await call('/api/role/nope', { cookie: editor });
    expect(missing.status).toBe(404);
    expect((await missing.json<{ message: string }>()).message).toBe('Ruolo non trovato: nope');
  });

  it('progress, badges and levels need a session', async () => {
    for (const path of ['/api/lms/game/progress', '/api/lms/game/badge', '/api/lms/game/level', '/api/stats']) {
      expect((await call(path)).status).toBe(401);
    }
  });

  it('returns the learner progress keyed by badge and category', async () => {
    const cookie = await signIn();
    const progress = await outcome<{ badges: Record<string, unknown>; levels: Record<string, unknown> }>(await call('/api/lms/game/progress', { cookie }));
    expect(progress.badges['prima-sessione']).toMatchObject({ amount: 1, chain: 1 });
    expect(progress.levels['cat-rischio']).toMatchObject({ level: 2, experience: 50 });
    const other = await outcome<{ badges: Record<string, unknown> }>(await call('/api/lms/game/progress', { cookie: await signIn(OTHER) }));
    expect(other).toEqual({ badges: {}, levels: {} });
  });

  it('lists badges and levels', async () => {
    const cookie = await signIn();
    expect(await outcome(await call('/api/lms/game/badge', { cookie }))).toEqual([
      { _id: 'prima-sessione', name: 'Primo passo', description: 'Prima sessione completata.', icon: '🎯', category: null, rule: 'sessions', threshold: 1 },
    ]);
    expect(await outcome(await call('/api/lms/game/level', { cookie }))).toEqual([
      { level: 1, experience: 0, name: 'Livello 1' },
      { level: 2, experience: 40, name: 'Livello 2' },
    ]);
  });
});

describe('events and hits', () => {
  it("POST /api/event stores a mode switch split into action, variant and scope, at the server's time", async () => {
    const cookie = await signIn(EDITOR);
    const before = Date.now();
    const response = await call('/api/event', {
      method: 'POST',
      cookie,
      body: {
        ua: 'vitest',
        origin: 'web',
        type: 'event',
        createdAt: '2026-11-23T10:00:00.000Z',
        action: 'cms',
        variant: 'mode',
        scope: 'admin',
        subject: 'profile',
      },
    });
    expect(response.status).toBe(200);
    const { _id } = await outcome<{ _id: string }>(response);
    const row = await env.DB.prepare('SELECT site_id, user_id, action, variant, scope, subject, origin, created_at FROM event WHERE id = ?')
      .bind(_id)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({ site_id: SITE, user_id: EDITOR.id, action: 'cms', variant: 'mode', scope: 'admin', subject: 'profile', origin: 'web' });
    // The client's createdAt is not trusted: the server stamps its own time.
    expect(Number(row?.created_at)).toBeGreaterThanOrEqual(before);
    expect(Number(row?.created_at)).toBeLessThanOrEqual(Date.now());
    expect((await call('/api/event', { method: 'POST', cookie, body: { action: '' } })).status).toBe(400);
    expect((await call('/api/event', { method: 'POST', cookie, body: { action: 'cms', variant: 'mode', scope: 'admin', origin: 'ios' } })).status).toBe(400);
  });

  it('POST /api/event/hit stores the hit and rolls its time up for the signed-in learner', async () => {
    const cookie = await signIn(OTHER);
    const ua = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
    // The tab's first hit (claiming nothing) opens a session page 90 s before the one under test.
    vi.useFakeTimers({ now: Date.now() - 90_000, toFake: ['Date'] });
    const opened = await call('/api/event/hit', {
      method: 'POST',
      cookie,
      body: { ua, identity: 'identity-0001', origin: 'web', subject: { id: '/it-IT/course/session/triage/1/2', meta: [{ field: 'ms', value: 0 }] } },
    });
    expect(opened.status).toBe(200);
    // The navigation to the course page carries the 90 s spent on the session: they are the session's.
    vi.setSystemTime(Date.now() + 90_000);
    const response = await call('/api/event/hit', {
      method: 'POST',
      cookie,
      body: { ua, identity: 'identity-0001', origin: 'web', subject: { id: '/it-IT/course/triage', meta: [{ field: 'ms', value: 90_000 }] } },
    });
    vi.useRealTimers();
    expect(response.status).toBe(200);
    const { _id } = await outcome<{ _id: string }>(response);
    expect(
      await env.DB.prepare('SELECT user_id, path, ms, device, course_id, module_number, session_number FROM hit WHERE receipt = ?').bind(_id).first(),
    ).toEqual({
      user_id: OTHER.id,
      path: '/it-IT/course/triage',
      ms: 90_000,
      device: 'android',
      course_id: 'triage',
      module_number: 1,
      session_number: 2,
    });
    const stats = await outcome<{ data: { totalTimeSpent: number; devices: unknown[]; courseSubject: unknown[] } }>(await call('/api/stats', { cookie }));
    expect(stats.data.totalTimeSpent).toBe(90_000);
    expect(stats.data.devices).toEqual([{ label: 'android', data: 1.5 }]);
    expect(stats.data.courseSubject).toEqual([{ label: 'Rischio clinico', data: 1.5 }]);
  });

  it('refuses malformed hits with 400', async () => {
    for (const body of [
      {},
      { identity: 'identity-0001', subject: { id: 'no-slash' } },
      { identity: 'identity-0001', subject: { id: '/x' }, module: 1.5 },
      { identity: 'short', subject: { id: '/x' } },
    ]) {
      expect((await call('/api/event/hit', { method: 'POST', body })).status).toBe(400);
    }
  });
});

describe('GET /api/stats', () => {
  it('answers { outcome: { data } } with every statistics field', async () => {
    const data = (await outcome<{ data: Record<string, unknown> }>(await call('/api/stats', { cookie: await signIn(LEARNER) }))).data;
    expect(Object.keys(data).sort()).toEqual(['averageTimeSpentByDay', 'courseSubject', 'devices', 'timeSpentByDay', 'timeSpentByHour', 'totalTimeSpent']);
    expect(data.timeSpentByHour).toHaveLength(24);
    expect(data.averageTimeSpentByDay).toHaveLength(7);
    expect(data.timeSpentByDay).toHaveLength(30);
  });
});

describe('routing', () => {
  it('answers unknown paths with 404 and wrong methods with 405, as JSON errors', async () => {
    const unknown = await call('/api/nothing/here');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ statusCode: 404, statusMessage: 'Not Found' });
    expect((await call('/api/auth/login')).status).toBe(405);
    expect((await call('/api/stats', { method: 'DELETE' })).status).toBe(405);
  });

  it('refuses a malformed site header', async () => {
    expect((await call('/api/i18n/locales', { headers: { 'tiles-site-id': '../../etc' } })).status).toBe(400);
  });
});
