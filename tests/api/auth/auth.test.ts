import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { sealSession } from '../../../functions/auth/session-cookie.ts';
import { call, LEARNER, seedFixtures, signIn } from '../fixtures.ts';

beforeAll(seedFixtures);

describe('POST /api/auth/login', () => {
  it('signs in with user code and password and sets the sealed t-ssid cookie', async () => {
    const response = await call('/api/auth/login', { method: 'POST', body: { cu: LEARNER.code, cp: LEARNER.password, ua: 'vitest' } });
    expect(response.status).toBe(200);
    const body = await response.json<{ outcome: { code: string; locale: string } }>();
    expect(body.outcome).toMatchObject({ code: LEARNER.code, locale: 'en-US' });
    expect(JSON.stringify(body)).not.toMatch(/password|hash|token/i);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^t-ssid=Fe26\.2\*/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Max-Age=\d{7,}/);
  });

  it('refuses wrong credentials with 401, an Italian message and no cookie', async () => {
    for (const body of [
      { cu: LEARNER.code, cp: 'wrong-password' },
      { cu: 'nobody.here', cp: 'whatever-123' },
    ]) {
      const response = await call('/api/auth/login', { method: 'POST', body });
      expect(response.status).toBe(401);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(await response.json()).toEqual({ statusCode: 401, statusMessage: 'Unauthorized', message: 'Codice utente (o e-mail) o password non corretti.' });
    }
  });

  it('refuses bad bodies with 400 naming the field, never a 500', async () => {
    const missing = await call('/api/auth/login', { method: 'POST', body: { cu: LEARNER.code } });
    expect(missing.status).toBe(400);
    expect((await missing.json<{ message: string }>()).message).toContain('«cp»');
    const wrongType = await call('/api/auth/login', { method: 'POST', body: { cu: 42, cp: 'x' } });
    expect(wrongType.status).toBe(400);
    expect((await wrongType.json<{ message: string }>()).message).toContain('«cu»');
    const broken = await call('/api/auth/login', { method: 'POST', rawBody: '{"cu":', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    const notJson = await call('/api/auth/login', { method: 'POST', rawBody: 'cu=a&cp=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(notJson.status).toBe(415);
    const huge = await call('/api/auth/login', { method: 'POST', body: { cu: 'a', cp: 'b', ua: 'x'.repeat(70_000) } });
    expect(huge.status).toBe(413);
  });

  it('answers in the caller locale', async () => {
    const response = await call('/api/auth/login', { method: 'POST', body: { cu: 'someone.else', cp: 'nope-nope' }, locale: 'en-US' });
    expect((await response.json<{ message: string }>()).message).toBe('Wrong user code (or e-mail) or password.');
  });
});

describe('GET /api/auth/user', () => {
  it('answers 401 without a session and with a forged or garbage cookie', async () => {
    expect((await call('/api/auth/user')).status).toBe(401);
    const forged = await sealSession({ accessToken: 'a', refreshToken: 'b' }, 'another-secret-that-is-long-enough-0123456789');
    for (const cookie of [`t-ssid=${forged}`, 't-ssid=garbage', 't-ssid=']) {
      const response = await call('/api/auth/user', { cookie });
      expect(response.status).toBe(401);
    }
  });

  it('answers 401 for well-sealed but unknown tokens, and clears that cookie', async () => {
    const sealed = await sealSession({ accessToken: 'unknown', refreshToken: 'unknown' }, env.SESSION_SECRET);
    const response = await call('/api/auth/user', { cookie: `t-ssid=${sealed}` });
    expect(response.status).toBe(401);
    expect(response.headers.get('set-cookie')).toMatch(/t-ssid=;.*Max-Age=0/);
  });

  it('returns the signed-in user with role array, locale, gender and federations', async () => {
    const cookie = await signIn();
    const response = await call('/api/auth/user', { cookie });
    expect(response.status).toBe(200);
    expect((await response.json<{ outcome: unknown }>()).outcome).toMatchObject({
      code: LEARNER.code,
      role: ['learner'],
      locale: 'en-US',
      fields: { gender: 'f' },
      federated: [],
    });
  });

  it('renews an expired access token with the refresh token, which rotates', async () => {
    const cookie = await signIn();
    await env.DB.prepare("UPDATE auth_token SET expires_at = 0 WHERE kind = 'access' AND user_id = ?").bind(LEARNER.id).run();
    const renewed = await call('/api/auth/user', { cookie });
    expect(renewed.status).toBe(200);
    const newCookie = (renewed.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(newCookie).toMatch(/^t-ssid=Fe26/);
    expect(newCookie).not.toBe(cookie);
    expect((await call('/api/auth/user', { cookie: newCookie })).status).toBe(200);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the tokens server-side and clears the cookie', async () => {
    const cookie = await signIn();
    const response = await call('/api/auth/logout', { method: 'POST', cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ outcome: { redirect: null } });
    expect(response.headers.get('set-cookie')).toMatch(/t-ssid=;/);
    // The old cookie, replayed, no longer opens anything.
    expect((await call('/api/auth/user', { cookie })).status).toBe(401);
  });

  it('sends a medikey-federated user to the provider logout address', async () => {
    await env.DB.prepare("INSERT OR IGNORE INTO user_federation VALUES ('medikey', 'mk-123', ?, 0)").bind(LEARNER.id).run();
    const cookie = await signIn();
    const response = await call('/api/auth/logout', { method: 'POST', cookie });
    expect(await response.json()).toEqual({ outcome: { redirect: env.MEDIKEY_LOGOUT_URL } });
    await env.DB.prepare("DELETE FROM user_federation WHERE federated_id = 'mk-123'").run();
  });
});

describe('PUT /api/auth/user', () => {
  const valid = {
    firstName: 'Giulia',
    lastName: 'Verdi',
    email: 'giulia.verdi@example.it',
    phone: '+390612345678',
    locale: 'de-DE',
    fields: { gender: 'neutro' },
  };

  it('saves the editable fields, maps the gender to n, and answers with the reloaded user', async () => {
    const cookie = await signIn();
    const response = await call('/api/auth/user', { method: 'PUT', cookie, body: { ...valid, role: ['admin'], code: 'hijack' } });
    expect(response.status).toBe(200);
    const user = (await response.json<{ outcome: Record<string, unknown> }>()).outcome;
    expect(user).toMatchObject({ lastName: 'Verdi', locale: 'de-DE', fields: { gender: 'n' }, role: ['learner'], code: LEARNER.code });
    const row = await env.DB.prepare('SELECT gender, roles FROM user WHERE id = ?').bind(LEARNER.id).first();
    expect(row).toEqual({ gender: 'n', roles: '["learner"]' });
    await call('/api/auth/user', { method: 'PUT', cookie, body: { ...valid, lastName: 'Bianchi', locale: 'en-US', fields: { gender: 'femminile' } } });
  });

  it('refuses a bad update with 400 naming the field and changes nothing', async () => {
    const cookie = await signIn();
    const before = await env.DB.prepare('SELECT * FROM user WHERE id = ?').bind(LEARNER.id).first();
    for (const [body, field] of [
      [{ ...valid, email: 'not-an-email' }, 'email'],
      [{ ...valid, firstName: '' }, 'firstName'],
      [{ ...valid, phone: '12ab' }, 'phone'],
      [{ ...valid, locale: 'fr-FR' }, 'locale'],
      [{ ...valid, fields: { gender: 'x' } }, 'fields.gender'],
    ] as const) {
      const response = await call('/api/auth/user', { method: 'PUT', cookie, body });
      expect(response.status).toBe(400);
      expect((await response.json<{ message: string }>()).message).toContain(`«${field}»`);
    }
    expect(await env.DB.prepare('SELECT * FROM user WHERE id = ?').bind(LEARNER.id).first()).toEqual(before);
  });

  it('answers 401 without a session', async () => {
    expect((await call('/api/auth/user', { method: 'PUT', body: valid })).status).toBe(401);
  });
});

describe('cross-site requests', () => {
  it('refuses a change from another origin or a cross-site fetch with 403, and a form body with 415, writing nothing', async () => {
    const learner = await signIn(LEARNER);
    const before = await env.DB.prepare('SELECT first_name FROM user WHERE id = ?').bind(LEARNER.id).first();
    const body = { firstName: 'Intrusa', lastName: 'Bianchi', email: null, phone: null, locale: 'it-IT' };
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ] as Record<string, string>[]) {
      const refused = await call('/api/auth/user', { method: 'PUT', body, cookie: learner, headers });
      expect(refused.status).toBe(403);
      expect((await refused.json<{ message: string }>()).message).toBe('Richiesta rifiutata: proviene da un altro sito.');
    }
    const form = await call('/api/auth/logout', {
      method: 'POST',
      rawBody: 'a=1',
      cookie: learner,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
    });
    expect(form.status).toBe(415);
    expect(await env.DB.prepare('SELECT first_name FROM user WHERE id = ?').bind(LEARNER.id).first()).toEqual(before);
    // The same change from our own origin goes through.
    expect(
      (
        await call('/api/auth/user', {
          method: 'PUT',
          body: { ...body, firstName: 'Giulia' },
          cookie: learner,
          headers: { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
        })
      ).status,
    ).toBe(200);
  });
});
