import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, EDITOR, LEARNER, outcome, seedFixtures, signIn, SITE, TESTER } from './fixtures.ts';

beforeAll(seedFixtures);

// Signing in writes its own audit event (auth.login.*): what a client sends is counted apart.
const countEvents = async () =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM event WHERE NOT (action = 'auth' AND variant = 'login')").first<{ n: number }>())?.n ?? -1;
const event = (name: string, extra: Record<string, unknown> = {}) => {
  const [action, variant, ...scope] = name.split('.');
  return { ua: 'vitest', origin: 'web', type: 'event', createdAt: new Date().toISOString(), action, variant, scope: scope.join('.') || undefined, ...extra };
};

describe('POST /api/event takes only the events the interface sends', () => {
  it('refuses audit event names from any caller with 400 naming the event, and writes nothing', async () => {
    const editor = await signIn(EDITOR);
    const before = await countEvents();
    for (const name of [
      'cms.page.publish',
      'cms.site.publish',
      'cms.course.edit',
      'auth.logout.all',
      'auth.login.password',
      'support.request.create',
      'cms.mode',
    ]) {
      const response = await call('/api/event', {
        method: 'POST',
        cookie: editor,
        body: event(name, { createdAt: '2020-01-01T00:00:00Z', subject: 'it-IT/content/privacy' }),
      });
      expect(response.status).toBe(400);
      expect((await response.json<{ message: string }>()).message).toBe(`L'evento «${name}» non può essere inviato da un client: lo registra solo il server.`);
    }
    const english = await call('/api/event', { method: 'POST', cookie: editor, locale: 'en-US', body: event('cms.page.publish') });
    expect((await english.json<{ message: string }>()).message).toBe('The event "cms.page.publish" cannot be sent by a client: only the server records it.');
    expect(await countEvents()).toBe(before);
  });

  it('refuses visitors (401), and mode switches the role does not offer (400)', async () => {
    const before = await countEvents();
    expect((await call('/api/event', { method: 'POST', body: event('cms.mode.admin') })).status).toBe(401);
    const learner = await signIn(LEARNER);
    expect((await call('/api/event', { method: 'POST', cookie: learner, body: event('cms.mode.admin') })).status).toBe(400);
    const tester = await signIn(TESTER);
    expect((await call('/api/event', { method: 'POST', cookie: tester, body: event('cms.mode.admin') })).status).toBe(400);
    expect(await countEvents()).toBe(before);
  });

  it("stamps the caller's site, user and the server's time on a mode switch, whatever the body says", async () => {
    const tester = await signIn(TESTER);
    const before = Date.now();
    const response = await call('/api/event', { method: 'POST', cookie: tester, body: event('test.mode.tester', { createdAt: '2020-01-01T00:00:00Z' }) });
    expect(response.status).toBe(200);
    const { _id } = await outcome<{ _id: number }>(response);
    const row = await env.DB.prepare('SELECT site_id, user_id, action, variant, scope, created_at FROM event WHERE id = ?')
      .bind(_id)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({ site_id: SITE, user_id: TESTER.id, action: 'test', variant: 'mode', scope: 'tester' });
    expect(Number(row?.created_at)).toBeGreaterThanOrEqual(before);
    // Another site's id in the header does not carry the session there: no event for that site.
    const foreign = await call('/api/event', { method: 'POST', cookie: tester, headers: { 'tiles-site-id': 'another-site' }, body: event('test.mode.user') });
    expect(foreign.status).toBe(401);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM event WHERE site_id = 'another-site'").first()).toEqual({ n: 0 });
  });
});
