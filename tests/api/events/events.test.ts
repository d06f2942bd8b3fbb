import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, EDITOR, LEARNER, newSignedInLearner, outcome, seedFixtures, signIn, SITE, TESTER } from '../fixtures.ts';

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

/** Events a client sent: signing in writes the learner's own `auth.login.*`. */
const SENT_BY = "SELECT COUNT(*) AS n FROM event WHERE NOT (action = 'auth' AND variant = 'login')";

/** wrangler.toml, `[[ratelimits]]` EVENT_LIMITER: client events a minute per learner. */
const EVENT_LIMIT = 60;

/** A burst test may first wait up to 15 s for the next window. */
const BURST_TIMEOUT_MS = 40_000;

async function awayFromWindowEdge(): Promise<void> {
  // The limiter's windows follow the wall clock: a burst at :59 could be split across two.
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 200));
}

describe('POST /api/event takes the events of the interface outside the server namespaces', () => {
  it("stores a general event with the server's stamp: site, user and time, whatever the body says", async () => {
    const learner = await newSignedInLearner('event-general');
    const before = Date.now();
    const response = await call('/api/event', {
      method: 'POST',
      cookie: learner.cookie,
      headers: { 'tiles-site-id': 'not-set' },
      body: event('course.open.catalogue.card', { createdAt: '2020-01-01T00:00:00Z', subject: { course: 'triage', position: 3 } }),
    });
    expect(response.status).toBe(200);
    const { _id } = await outcome<{ _id: number }>(response);
    const row = await env.DB.prepare('SELECT site_id, user_id, ua, origin, type, action, variant, scope, subject, created_at FROM event WHERE id = ?')
      .bind(_id)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({
      site_id: SITE,
      user_id: learner.id,
      ua: 'vitest',
      origin: 'web',
      type: 'event',
      action: 'course',
      variant: 'open',
      scope: 'catalogue.card',
      subject: '{"course":"triage","position":3}',
    });
    expect(Number(row?.created_at)).toBeGreaterThanOrEqual(before);
    expect(Number(row?.created_at)).toBeLessThanOrEqual(Date.now());
  });

  it('refuses the server namespaces in any case or disguise, and events too large, with 400 and nothing stored', async () => {
    const learner = await newSignedInLearner('event-refused');
    const stored = async () => (await env.DB.prepare(`${SENT_BY} AND user_id = ?`).bind(learner.id).first<{ n: number }>())?.n;
    for (const name of ['ecm.certificate.issue', 'support.request.create', 'Auth.login.password', 'CMS.page.publish', 'cms', 'test.mode.tester']) {
      const response = await call('/api/event', { method: 'POST', cookie: learner.cookie, body: event(name) });
      expect(response.status, name).toBe(400);
      expect((await response.json<{ message: string }>()).message, name).toBe(
        `L'evento «${name}» non può essere inviato da un client: lo registra solo il server.`,
      );
    }
    const refused: [Record<string, unknown>, string][] = [
      // A dot inside a part would hide the namespace: `cms.page` + `publish` is cms.page.publish.
      [{ action: 'cms.page', variant: 'publish', scope: undefined }, 'action'],
      [{ action: 'ｃｍｓ', variant: 'page', scope: undefined }, 'action'],
      [{ action: 'a'.repeat(65) }, 'action'],
      [{ variant: 'v'.repeat(65) }, 'variant'],
      [{ scope: 's'.repeat(65) }, 'scope'],
      [{ subject: 's'.repeat(513) }, 'subject'],
      [{ subject: { note: 'x'.repeat(3000) } }, 'subject'],
      [{ ua: 'u'.repeat(513) }, 'ua'],
    ];
    for (const [fields, field] of refused) {
      const response = await call('/api/event', { method: 'POST', cookie: learner.cookie, body: event('course.open', fields) });
      expect(response.status, field).toBe(400);
      expect((await response.json<{ message: string }>()).message, field).toMatch(new RegExp(`^Il campo «${field}» non è valido: \\S`));
    }
    expect(await stored()).toBe(0);
  });

  it(
    `accepts ${EVENT_LIMIT} parallel events a minute from one learner and refuses the rest with 429`,
    async () => {
      const learner = await newSignedInLearner('event-burst');
      await awayFromWindowEdge();
      const answers = await Promise.all(
        Array.from({ length: EVENT_LIMIT + 15 }, (_, n) => call('/api/event', { method: 'POST', cookie: learner.cookie, body: event(`quiz.answer.q${n}`) })),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(EVENT_LIMIT);
      const refused = answers.filter((answer) => answer.status === 429);
      expect(refused).toHaveLength(15);
      expect(Number(refused[0]?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await refused[0]?.json<{ message: string }>())?.message).toMatch(/^Troppe richieste in poco tempo: riprova tra \d+ secondi\.$/);
      expect(await env.DB.prepare(`${SENT_BY} AND user_id = ?`).bind(learner.id).first()).toEqual({ n: EVENT_LIMIT });
      // Another learner's events are counted apart.
      const other = await newSignedInLearner('event-burst-other');
      expect((await call('/api/event', { method: 'POST', cookie: other.cookie, body: event('quiz.answer.q1') })).status).toBe(200);
    },
    BURST_TIMEOUT_MS,
  );
});
