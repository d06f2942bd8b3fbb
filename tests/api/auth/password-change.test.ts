import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_CHANGE_ATTEMPTS } from '../../../core/password-allowance.ts';
import { hashPassword } from '../../../functions/auth/password.ts';
import { authMessage } from '../../../functions/auth/messages.ts';
import { call, newSignedInLearner, outcome, seedFixtures, signIn, SITE } from '../fixtures.ts';

// A signed-in learner changes the password with the current one; the other sessions end.
beforeAll(seedFixtures);

let serial = 0;
async function newLearner(roles = '["learner"]') {
  serial += 1;
  const user = { id: `u-change-${serial}`, code: `change.${serial}`, password: 'Vecchia-Password-2026!' };
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO user (id, site_id, code, password_hash, first_name, last_name, gender, locale, roles, created_at, updated_at) VALUES (?, ?, ?, ?, 'Luca', 'Neri', 'm', 'it-IT', ?, ?, ?)",
    ).bind(user.id, SITE, user.code, await hashPassword(user.password, env.PASSWORD_PEPPER, 1000), roles, now, now),
  ]);
  return user;
}

const NEW_PASSWORD = 'la nuova frase del turno di notte';
const change = (cookie: string, current: string, password = NEW_PASSWORD, locale?: string) =>
  call('/api/auth/password', { method: 'PUT', cookie, locale, body: { current, password } });
const signInStatus = async (code: string, password: string) =>
  (await call('/api/auth/login', { method: 'POST', body: { cu: code, cp: password, ua: 'vitest' } })).status;

describe('PUT /api/auth/password', () => {
  it('changes the password with the current one, keeps this session and ends the others', async () => {
    const user = await newLearner();
    const [here, elsewhere] = [await signIn(user), await signIn(user)];
    const answer = await change(here, user.password);
    expect(answer.status).toBe(200);
    expect(await outcome(answer)).toEqual({ changed: true });
    expect((await call('/api/auth/user', { cookie: here })).status).toBe(200);
    expect((await call('/api/auth/user', { cookie: elsewhere })).status).toBe(401);
    expect(await signInStatus(user.code, user.password)).toBe(401);
    expect(await signInStatus(user.code, NEW_PASSWORD)).toBe(200);
  });

  it("an account whose role edits nothing, as the ECM inspector's, still changes its own password", async () => {
    await env.DB.prepare("INSERT OR REPLACE INTO role VALUES ('auditor', 'Ispettore ECM', 'user', ?)")
      .bind(JSON.stringify(['course:read', 'ecm:report', 'ecm:audit']))
      .run();
    const inspector = await newLearner('["auditor"]');
    expect((await change(await signIn(inspector), inspector.password)).status).toBe(200);
    expect(await signInStatus(inspector.code, NEW_PASSWORD)).toBe(200);
  });

  it('refuses a wrong current password, in the caller’s language, and changes nothing', async () => {
    const user = await newLearner();
    const cookie = await signIn(user);
    const refused = await change(cookie, 'not-the-password', NEW_PASSWORD, 'en-US');
    expect(refused.status).toBe(400);
    expect((await refused.json<{ message: string }>()).message).toBe(authMessage('passwordWrongCurrent', 'en'));
    expect(await signInStatus(user.code, user.password)).toBe(200);
    expect(await signInStatus(user.code, NEW_PASSWORD)).toBe(401);
  });

  it('refuses a new password the policy refuses: too short, among the most common', async () => {
    const user = await newLearner();
    const cookie = await signIn(user);
    expect((await change(cookie, user.password, 'corta')).status).toBe(400);
    const common = await change(cookie, user.password, 'Password1');
    expect(common.status).toBe(400);
    expect((await common.json<{ message: string }>()).message).toContain(authMessage('passwordCommon', 'it'));
    expect(await signInStatus(user.code, user.password)).toBe(200);
  });

  it('refuses the current password as the new one, in the caller’s language, and ends no other session', async () => {
    const user = await newLearner();
    const [here, elsewhere] = [await signIn(user), await signIn(user)];
    for (const [locale, language] of [
      ['it-IT', 'it'],
      ['en-US', 'en'],
      ['de-DE', 'de'],
    ] as const) {
      const refused = await change(here, user.password, user.password, locale);
      expect(refused.status).toBe(400);
      expect((await refused.json<{ message: string }>()).message).toContain(authMessage('passwordUnchanged', language));
    }
    expect((await call('/api/auth/user', { cookie: elsewhere })).status).toBe(200);
    expect(await signInStatus(user.code, user.password)).toBe(200);
  });

  it(`counts ${PASSWORD_CHANGE_ATTEMPTS} tries an hour, so a stolen session cannot guess the password`, async () => {
    const user = await newLearner();
    const cookie = await signIn(user);
    const statuses = [];
    for (let n = 0; n < PASSWORD_CHANGE_ATTEMPTS; n++) statuses.push((await change(cookie, `guess-${n}`)).status);
    expect(statuses).toEqual(statuses.map(() => 400));
    const locked = await change(cookie, user.password);
    expect(locked.status).toBe(429);
    expect((await locked.json<{ message: string }>()).message).toBe(authMessage('passwordChangesTooMany', 'it'));
    expect(await signInStatus(user.code, user.password)).toBe(200);
  });

  it('tells an account that signs in through a provider where its password lives', async () => {
    // Signed in, then made what a provider's account is: no password here, a link to the provider.
    const learner = await newSignedInLearner('change-federated');
    await env.DB.batch([
      env.DB.prepare('UPDATE user SET password_hash = NULL WHERE id = ?').bind(learner.id),
      env.DB.prepare("INSERT INTO user_federation VALUES ('mock', ?, ?, ?)").bind(`sub-${learner.id}`, learner.id, Date.now()),
    ]);
    const refused = await change(learner.cookie, 'anything');
    expect(refused.status).toBe(409);
    expect((await refused.json<{ message: string }>()).message).toBe(authMessage('passwordFederated', 'it', { provider: 'Mock IdP' }));
  });

  it('needs a session', async () => {
    expect((await call('/api/auth/password', { method: 'PUT', body: { current: 'x', password: NEW_PASSWORD } })).status).toBe(401);
  });
});
