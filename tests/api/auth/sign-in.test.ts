import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInWithPassword } from '../../../functions/auth/sign-in.ts';
import { call, LEARNER, OTHER, SITE, seedFixtures } from '../fixtures.ts';

beforeAll(seedFixtures);

/** As the sign-in page's form post calls it: the page's request, its language. */
const fromPage = (address: string, language: 'it' | 'en' = 'it') => ({
  env,
  request: new Request('http://localhost/tiles-access', { method: 'POST', headers: { 'cf-connecting-ip': address } }),
  siteId: SITE,
  language,
  now: Date.now(),
});

describe('password sign-in, one function for the API and the sign-in page', () => {
  it('signs in with the sealed, HttpOnly session cookie', async () => {
    const result = await signInWithPassword(fromPage('192.0.2.1'), { cu: LEARNER.code, cp: LEARNER.password });
    expect(result.kind).toBe('signed-in');
    if (result.kind !== 'signed-in') return;
    expect(result.user.id).toBe(LEARNER.id);
    expect(result.cookies[0]).toMatch(/^t-ssid=Fe26\.2\*.*HttpOnly/);
    expect(result.cookies[1]).toMatch(/^t-dev=/);
  });

  it("refuses with a typed answer in the caller's language, and shares its counters with the API", async () => {
    const wrong = await signInWithPassword(fromPage('192.0.2.2', 'en'), { cu: OTHER.code, cp: 'Sbagliata-2026!' });
    expect(wrong).toEqual({ kind: 'refused', status: 401, message: 'Wrong user code (or e-mail) or password.', headers: {}, botCheck: false });
    // The second failure from the address makes the check due: the form must show it.
    const second = await signInWithPassword(fromPage('192.0.2.2'), { cu: 'qualcun.altro', cp: 'x' });
    expect(second).toMatchObject({ kind: 'refused', status: 401, botCheck: true, headers: { 'tiles-bot-check': 'required' } });
    // Failures through the page count for the API too, and the other way round.
    const api = await call('/api/auth/login', {
      method: 'POST',
      body: { cu: LEARNER.code, cp: LEARNER.password },
      headers: { 'cf-connecting-ip': '192.0.2.2' },
    });
    expect(api.status).toBe(428);
    expect(await signInWithPassword(fromPage('192.0.2.2'), { cu: LEARNER.code, cp: LEARNER.password })).toMatchObject({
      kind: 'refused',
      status: 428,
      botCheck: true,
    });
  });
});
