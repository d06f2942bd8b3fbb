import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../../functions/auth/password.ts';
import { call, LEARNER, OTHER, outcome, SITE, seedFixtures, signIn, solvedBotCheck, THIRD } from '../fixtures.ts';

beforeAll(seedFixtures);
afterEach(() => vi.useRealTimers());

const attempt = (cu: string, cp: string, address: string, altcha?: string, cookie?: string) =>
  call('/api/auth/login', { method: 'POST', body: { cu, cp, ...(altcha ? { altcha } : {}) }, headers: { 'cf-connecting-ip': address }, cookie });

/** A learner of its own, so that locking it out cannot disturb the other tests' sign-ins. */
async function newLearner(code: string): Promise<{ code: string; password: string }> {
  const password = `${code}-Password-2026!`;
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO user (id, site_id, code, password_hash, first_name, last_name, email, gender, locale, roles, created_at, updated_at) VALUES (?, ?, ?, ?, 'Prova', 'Dispositivo', NULL, 'n', 'it-IT', '[\"learner\"]', ?, ?)",
  )
    .bind(`u-${code}`, SITE, code, await hashPassword(password, env.PASSWORD_PEPPER, 1000), now, now)
    .run();
  return { code, password };
}

/** The t-dev cookie a successful sign-in left in the browser, ready to send back. */
function deviceCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('t-dev='));
  if (!cookie) throw new Error('no device cookie');
  return cookie.split(';')[0] ?? '';
}

/** What a stranger who knows the user code achieves: the account's shared counter locked for a day. */
async function lockAccount(code: string): Promise<void> {
  await env.DB.prepare("INSERT INTO sign_in_throttle (scope, key, failures, last_failure_at, locked_until) VALUES ('account', ?, 20, ?, ?)")
    .bind(`${SITE}/${code}`, Date.now(), Date.now() + 24 * 60 * 60 * 1000)
    .run();
}

describe('sign-in throttling and the bot check', () => {
  it('asks nothing of an honest first sign-in', async () => {
    const response = await attempt(LEARNER.code, LEARNER.password, '203.0.113.1');
    expect(response.status).toBe(200);
    expect(response.headers.get('tiles-bot-check')).toBeNull();
  });

  it('answers an unknown user and a wrong password alike: same status, message and headers', async () => {
    const unknown = await attempt('nessuno.esiste', 'Password-Sbagliata-1', '203.0.113.2');
    const wrong = await attempt(OTHER.code, 'Password-Sbagliata-1', '203.0.113.3');
    expect([unknown.status, wrong.status]).toEqual([401, 401]);
    expect(await unknown.json()).toEqual(await wrong.json());
    expect([...unknown.headers.keys()].sort()).toEqual([...wrong.headers.keys()].sort());
  });

  it('after 2 failures on an account, asks for a solved bot check, accepts it once, and refuses a replay', async () => {
    for (let i = 0; i < 2; i++) expect((await attempt(THIRD.code, 'Sbagliata-2026!', `203.0.113.${10 + i}`)).status).toBe(401);
    const third = await attempt(THIRD.code, 'Sbagliata-2026!', '203.0.113.20');
    expect(third.status).toBe(428);
    expect(third.headers.get('tiles-bot-check')).toBe('required');
    expect((await third.json<{ message: string }>()).message).toMatch(/^Dopo alcuni tentativi non riusciti serve la verifica anti-bot/);
    // The right password alone is not enough now; with a solved check it is.
    expect((await attempt(THIRD.code, THIRD.password, '203.0.113.21')).status).toBe(428);
    expect((await attempt(THIRD.code, THIRD.password, '203.0.113.21', 'bm90IGEgcGF5bG9hZA==')).status).toBe(428);
    const payload = await solvedBotCheck();
    expect((await attempt(THIRD.code, THIRD.password, '203.0.113.22', payload)).status).toBe(200);
    // Success cleared the account's counter; the used challenge is refused if sent again elsewhere.
    for (let i = 0; i < 2; i++) await attempt('altro.utente', 'x', '203.0.113.30');
    const replay = await attempt('altro.utente', 'x', '203.0.113.30', payload);
    expect(replay.status).toBe(428);
    expect((await replay.json<{ message: string }>()).message).toBe('La verifica anti-bot non è valida o è scaduta: ripetila.');
  });

  it('after 2 failures from one address, every account signing in from there needs the bot check', async () => {
    for (const code of ['a.uno', 'a.due']) expect((await attempt(code, 'x', '203.0.113.40')).status).toBe(401);
    const response = await attempt(LEARNER.code, LEARNER.password, '203.0.113.40');
    expect(response.status).toBe(428);
    expect((await attempt(LEARNER.code, LEARNER.password, '203.0.113.41')).status).toBe(200);
  });

  it('refuses an expired challenge', async () => {
    const payload = await solvedBotCheck();
    for (let i = 0; i < 2; i++) await attempt('scade.presto', 'x', '203.0.113.50');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11 * 60 * 1000);
    expect((await attempt('scade.presto', 'x', '203.0.113.51', payload)).status).toBe(428);
  });

  it('after 10 failures the account waits, with an Italian message saying how long, even with the right password', async () => {
    const code = 'bersaglio.demo';
    await env.DB.prepare("INSERT INTO sign_in_throttle (scope, key, failures, last_failure_at, locked_until) VALUES ('account', ?, 9, ?, NULL)")
      .bind(`tiles-demo/${code}`, Date.now())
      .run();
    const tenth = await attempt(code, 'x', '203.0.113.60', await solvedBotCheck());
    expect(tenth.status).toBe(429);
    expect(tenth.headers.get('retry-after')).toBe('900');
    expect((await tenth.json<{ message: string }>()).message).toBe('Troppi tentativi di accesso non riusciti: per sicurezza riprova tra 15 minuti.');
    expect((await attempt(code, 'x', '203.0.113.61', await solvedBotCheck())).status).toBe(429);
    const row = await env.DB.prepare("SELECT failures FROM sign_in_throttle WHERE scope = 'account' AND key = ?").bind(`tiles-demo/${code}`).first();
    expect(row).toEqual({ failures: 10 });
  });
});

describe('trusted devices: a stranger cannot lock the owner out', () => {
  it('sets a long-lived, HttpOnly, SameSite=Strict device cookie on a successful sign-in', async () => {
    const owner = await newLearner('disp.cookie');
    const response = await attempt(owner.code, owner.password, '203.0.113.70');
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith('t-dev=')) ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).not.toContain(owner.code);
  });

  it('with the account locked by a stranger, the owner signs in from a device they used before; a client without it stays locked', async () => {
    const owner = await newLearner('disp.proprietario');
    const device = deviceCookie(await attempt(owner.code, owner.password, '203.0.113.71'));
    await lockAccount(owner.code);
    const stranger = await attempt(owner.code, owner.password, '203.0.113.72', await solvedBotCheck());
    expect(stranger.status).toBe(429);
    const response = await attempt(owner.code, owner.password, '203.0.113.73', undefined, device);
    expect(response.status).toBe(200);
    expect((await outcome<{ code: string }>(response)).code).toBe(owner.code);
    // The owner's success does not lift the stranger's lock for everyone else.
    expect((await attempt(owner.code, owner.password, '203.0.113.74', await solvedBotCheck())).status).toBe(429);
  });

  it('a device cookie of another user code does not open a locked account', async () => {
    const mine = await newLearner('disp.mio');
    const target = await newLearner('disp.altrui');
    const device = deviceCookie(await attempt(mine.code, mine.password, '203.0.113.75'));
    await lockAccount(target.code);
    expect((await attempt(target.code, target.password, '203.0.113.76', await solvedBotCheck(), device)).status).toBe(429);
  });

  it('a forged or altered device cookie does not open a locked account', async () => {
    const owner = await newLearner('disp.falso');
    const device = deviceCookie(await attempt(owner.code, owner.password, '203.0.113.77'));
    await lockAccount(owner.code);
    const [id, issued, mac = ''] = device.slice('t-dev='.length).split('.');
    const altered = `t-dev=${id}.${issued}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    const invented = `t-dev=${'a'.repeat(22)}.${Date.now().toString(36)}.${'b'.repeat(43)}`;
    for (const cookie of [altered, invented, 't-dev=garbage']) {
      expect((await attempt(owner.code, owner.password, '203.0.113.78', await solvedBotCheck(), cookie)).status, cookie).toBe(429);
    }
  });

  it('failures from a trusted device lock that device, not the account', async () => {
    const owner = await newLearner('disp.tentativi');
    const device = deviceCookie(await attempt(owner.code, owner.password, '203.0.113.79'));
    for (let i = 0; i < 2; i++) expect((await attempt(owner.code, 'Sbagliata-2026!', `203.0.113.${80 + i}`, undefined, device)).status).toBe(401);
    // From the third attempt the device needs the bot check too, and from the tenth it waits.
    expect((await attempt(owner.code, 'Sbagliata-2026!', '203.0.113.83', undefined, device)).status).toBe(428);
    const id = device.slice('t-dev='.length).split('.')[0];
    await env.DB.prepare("UPDATE sign_in_throttle SET failures = 9 WHERE scope = 'device' AND key = ?").bind(id).run();
    const tenth = await attempt(owner.code, 'Sbagliata-2026!', '203.0.113.84', await solvedBotCheck(), device);
    expect(tenth.status).toBe(429);
    expect(tenth.headers.get('retry-after')).toBe('900');
    expect((await attempt(owner.code, owner.password, '203.0.113.85', await solvedBotCheck(), device)).status).toBe(429);
    // The account's shared counter saw none of it: another client signs in without a bot check.
    const account = await env.DB.prepare("SELECT failures FROM sign_in_throttle WHERE scope = 'account' AND key = ?").bind(`${SITE}/${owner.code}`).first();
    expect(account).toBeNull();
    expect((await attempt(owner.code, owner.password, '203.0.113.86')).status).toBe(200);
  });
});

describe('sessions', () => {
  it('"Esci da tutti i dispositivi" ends every session of the user, and only theirs', async () => {
    const phone = await signIn(OTHER);
    const laptop = await signIn(OTHER);
    const someoneElse = await signIn(LEARNER);
    const response = await call('/api/auth/logout-all', { method: 'POST', cookie: laptop });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/^t-ssid=;/);
    expect((await outcome<{ revoked: number }>(response)).revoked).toBeGreaterThanOrEqual(4);
    expect((await call('/api/auth/user', { cookie: phone })).status).toBe(401);
    expect((await call('/api/auth/user', { cookie: laptop })).status).toBe(401);
    expect((await call('/api/auth/user', { cookie: someoneElse })).status).toBe(200);
  });

  it('ends a session unused for 30 days, and any session 180 days after sign-in however active', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const idle = await signIn(OTHER);
    vi.setSystemTime(start + 31 * 24 * 60 * 60 * 1000);
    expect((await call('/api/auth/user', { cookie: idle })).status).toBe(401);

    vi.setSystemTime(start);
    let active = await signIn(OTHER);
    for (let day = 20; day < 180; day += 20) {
      vi.setSystemTime(start + day * 24 * 60 * 60 * 1000);
      const response = await call('/api/auth/user', { cookie: active });
      expect(response.status, `day ${day}`).toBe(200);
      active = response.headers.get('set-cookie')?.split(';')[0] ?? active;
    }
    vi.setSystemTime(start + 181 * 24 * 60 * 60 * 1000);
    expect((await call('/api/auth/user', { cookie: active })).status).toBe(401);
  });
});
