import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { RESET_LINK_TTL_MS, RESET_MAILS_PER_ACCOUNT, RESET_REQUESTS_UNCHECKED } from '../../../core/password-allowance.ts';
import { resetLinkStatements } from '../../../functions/data/auth/passwords.ts';
import { outboxFor } from '../../../functions/data/email/outbox.ts';
import { hashPassword } from '../../../functions/auth/password.ts';
import { resetPassword } from '../../../functions/auth/password-reset.ts';
import { hashToken } from '../../../functions/shared/token.ts';
import { authMessage } from '../../../functions/auth/messages.ts';
import { call, outcome, seedFixtures, seedMailStrings, signIn, SITE, solvedBotCheck } from '../fixtures.ts';
import { linkIn, mailTo, outboxSettled, waitForMail } from '../mailbox.ts';

// "Password dimenticata": the same answer for every identifier, a link by e-mail that works once,
// within an hour, only while it is the newest, and ends every session of the account.
beforeAll(async () => {
  await seedFixtures();
  await seedMailStrings();
});

const NEW_PASSWORD = 'una frase lunga per la corsia 7';

let serial = 0;
/** A learner of their own, with an e-mail address and a password. */
async function newLearner(options: { federated?: boolean; locale?: string } = {}) {
  serial += 1;
  const stamp = `${serial}.${Date.now()}`;
  const user = { id: `u-reset-${stamp}`, code: `reset.${stamp}`, email: `reset.${stamp}@example.it`, password: 'Vecchia-Password-2026!' };
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO user (id, site_id, code, password_hash, first_name, last_name, email, gender, locale, roles, created_at, updated_at) VALUES (?, ?, ?, ?, 'Anna', 'Verdi', ?, 'f', ?, '[\"learner\"]', ?, ?)",
    ).bind(
      user.id,
      SITE,
      user.code,
      options.federated ? null : await hashPassword(user.password, env.PASSWORD_PEPPER, 1000),
      user.email,
      options.locale ?? 'it-IT',
      now,
      now,
    ),
    ...(options.federated ? [env.DB.prepare("INSERT INTO user_federation VALUES ('mock', ?, ?, ?)").bind(`sub-${stamp}`, user.id, now)] : []),
  ]);
  return user;
}

/** A forgotten-password request from an address of its own (the address allowance is tested apart). */
function forgot(identifier: string, options: { address?: string; altcha?: string; locale?: string } = {}) {
  return call('/api/auth/password/forgot', {
    method: 'POST',
    locale: options.locale,
    headers: { 'cf-connecting-ip': options.address ?? `203.0.113.${(serial++ % 250) + 1}` },
    body: { identifier, ...(options.altcha ? { altcha: options.altcha } : {}) },
  });
}

const tokenOf = (link: URL) => link.searchParams.get('t') ?? '';
const reset = (token: string, password = NEW_PASSWORD) => call('/api/auth/password/reset', { method: 'POST', body: { token, password } });
const signInStatus = async (code: string, password: string) =>
  (await call('/api/auth/login', { method: 'POST', body: { cu: code, cp: password, ua: 'vitest' } })).status;

describe('asking for a new password', () => {
  it('answers the same for a known account, an unknown one and a known e-mail address; only the account gets mail', async () => {
    const user = await newLearner();
    const answers = await Promise.all([forgot(user.code), forgot('nessuno.qui'), forgot('nessuno@example.it')]);
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0] ?? '')).toEqual({ outcome: { requested: true } });
    const [mail] = await waitForMail(user.email);
    expect(mail?.subject).toBe('Tiles Test: scegli una nuova password');
    expect(mail?.text).toContain(`codice utente ${user.code}`);
    expect(linkIn(mail!).pathname).toBe('/it-IT/password/reset');
    expect(await outboxFor(env.DB, SITE, 'nessuno@example.it')).toEqual([]);
  });

  it('answers the same, and sends nothing, for an account whose stored address cannot receive mail', async () => {
    const user = await newLearner();
    await env.DB.prepare("UPDATE user SET email = 'non è un indirizzo' WHERE id = ?").bind(user.id).run();
    const answer = await forgot(user.code);
    expect(answer.status).toBe(200);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM password_reset WHERE user_id = ?').bind(user.id).first()).toEqual({ n: 0 });
  });

  it("finds the account by its e-mail address too, whatever the case, and writes in the account's language", async () => {
    const user = await newLearner({ locale: 'de-DE' });
    expect((await forgot(user.email.toUpperCase(), { locale: 'it-IT' })).status).toBe(200);
    const [mail] = await waitForMail(user.email);
    expect(mail?.subject).toBe('Tiles Test: Wählen Sie ein neues Passwort');
    expect(linkIn(mail!).pathname).toBe('/de-DE/password/reset');
  });

  it('stores only the hash of the link’s token, and the e-mail’s values sealed', async () => {
    const user = await newLearner();
    await forgot(user.code);
    const token = tokenOf(linkIn((await waitForMail(user.email))[0]!));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await env.DB.prepare('SELECT token_hash FROM password_reset WHERE user_id = ?').bind(user.id).all<{ token_hash: string }>();
    expect(rows.results).toEqual([{ token_hash: await hashToken(token) }]);
    const dump = JSON.stringify(await env.DB.prepare('SELECT * FROM password_reset, email_outbox WHERE email_outbox.recipient = ?').bind(user.email).all());
    expect(dump).not.toContain(token);
  });

  it('tells an account that signs in through a provider to use it, with no link to reset anything', async () => {
    const user = await newLearner({ federated: true });
    expect((await forgot(user.email)).status).toBe(200);
    const [mail] = await waitForMail(user.email);
    expect(mail?.text).toContain('Il tuo account però accede con Mock IdP');
    expect(linkIn(mail!).pathname).toBe('/tiles-access');
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM password_reset WHERE user_id = ?').bind(user.id).first()).toEqual({ n: 0 });
  });

  it(`sends an account at most ${RESET_MAILS_PER_ACCOUNT} e-mails an hour, answering further requests the same`, async () => {
    const user = await newLearner();
    const answers = await Promise.all(Array.from({ length: RESET_MAILS_PER_ACCOUNT + 3 }, () => forgot(user.code)));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(await outboxSettled(user.email)).toBe(RESET_MAILS_PER_ACCOUNT);
    expect(mailTo(user.email)).toHaveLength(RESET_MAILS_PER_ACCOUNT);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM password_reset WHERE user_id = ?').bind(user.id).first()).toEqual({ n: RESET_MAILS_PER_ACCOUNT });
  });

  it(`takes ${RESET_REQUESTS_UNCHECKED} requests an hour from one address without the bot check, then asks for it`, async () => {
    const address = '198.18.7.7';
    const answers = await Promise.all(Array.from({ length: RESET_REQUESTS_UNCHECKED + 4 }, (_, n) => forgot(`someone.${n}`, { address })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(RESET_REQUESTS_UNCHECKED);
    expect(statuses.filter((status) => status === 428)).toHaveLength(4);
    const refused = answers.find((answer) => answer.status === 428);
    expect(refused?.headers.get('tiles-bot-check')).toBe('required');
    expect((await refused?.json<{ message: string }>())?.message).toBe(authMessage('resetNeedsBotCheck', 'it'));
    // With a solved check the same address goes on.
    expect((await forgot('someone.else', { address, altcha: await solvedBotCheck() })).status).toBe(200);
  });

  it('refuses a bot check that is not solved, and an empty identifier, writing nothing', async () => {
    const invalid = await forgot('nessuno', { altcha: btoa('{"challenge":"x"}') });
    expect(invalid.status).toBe(428);
    expect((await forgot('   ')).status).toBe(400);
  });
});

describe('using the link', () => {
  it('sets the new password, ends every session of the account, and works once', async () => {
    const user = await newLearner();
    const [phone, laptop] = [await signIn(user), await signIn(user)];
    await forgot(user.code);
    const token = tokenOf(linkIn((await waitForMail(user.email))[0]!));
    const done = await reset(token);
    expect(done.status).toBe(200);
    expect(await outcome(done)).toEqual({ reset: true });
    for (const cookie of [phone, laptop]) expect((await call('/api/auth/user', { cookie })).status).toBe(401);
    expect(await signInStatus(user.code, user.password)).toBe(401);
    expect(await signInStatus(user.code, NEW_PASSWORD)).toBe(200);
    const again = await reset(token, 'un altra frase lunga e nuova');
    expect(again.status).toBe(400);
    expect((await again.json<{ message: string }>()).message).toBe(authMessage('resetLinkUsed', 'it'));
    expect(await signInStatus(user.code, NEW_PASSWORD)).toBe(200);
  });

  it('is voided by a newer link', async () => {
    const user = await newLearner();
    await forgot(user.code);
    const first = tokenOf(linkIn((await waitForMail(user.email, 1))[0]!));
    await forgot(user.code);
    const second = tokenOf(linkIn((await waitForMail(user.email, 2))[1]!));
    const old = await reset(first);
    expect(old.status).toBe(400);
    expect((await old.json<{ message: string }>()).message).toBe(authMessage('resetLinkUsed', 'it'));
    expect((await reset(second)).status).toBe(200);
  });

  it("is voided by a successful reset, as are the account's other open links", async () => {
    const user = await newLearner();
    const now = Date.now();
    // Two open links at once (a newer request voids the older, so they are written directly here).
    const open = async (token: string) => {
      const attempt = { id: crypto.randomUUID(), siteId: SITE, scope: 'reset-account' as const, key: `direct-${token}`, now, since: 0, allowance: 1 };
      const link = { siteId: SITE, userId: user.id, tokenHash: await hashToken(token), now, expiresAt: now + RESET_LINK_TTL_MS };
      await env.DB.batch(resetLinkStatements(env.DB, attempt, link, env.DB.prepare('SELECT 1')).filter((_, index) => index !== 2));
    };
    await open('a'.repeat(43));
    await open('b'.repeat(43));
    expect((await reset('a'.repeat(43))).status).toBe(200);
    const voided = await reset('b'.repeat(43), 'ancora un altra frase lunga');
    expect((await voided.json<{ message: string }>()).message).toBe(authMessage('resetLinkUsed', 'it'));
  });

  it('expires an hour after it was sent', async () => {
    const user = await newLearner();
    await forgot(user.code);
    const token = tokenOf(linkIn((await waitForMail(user.email))[0]!));
    const row = await env.DB.prepare('SELECT created_at FROM password_reset WHERE user_id = ?').bind(user.id).first<{ created_at: number }>();
    const context = { env, siteId: SITE, language: 'en' as const };
    const late = await resetPassword({ ...context, now: (row?.created_at ?? 0) + RESET_LINK_TTL_MS }, { token, password: NEW_PASSWORD });
    expect(late).toEqual({ kind: 'refused', reason: 'expired', message: authMessage('resetLinkExpired', 'en') });
    const inTime = await resetPassword({ ...context, now: (row?.created_at ?? 0) + RESET_LINK_TTL_MS - 60_000 }, { token, password: NEW_PASSWORD });
    expect(inTime.kind).toBe('reset');
  });

  it('resets once when the same link is used in parallel', async () => {
    const user = await newLearner();
    await forgot(user.code);
    const token = tokenOf(linkIn((await waitForMail(user.email))[0]!));
    const passwords = Array.from({ length: 6 }, (_, n) => `frase lunga numero ${n} per la prova`);
    const answers = await Promise.all(passwords.map((password) => reset(token, password)));
    const winners = passwords.filter((_, n) => answers[n]?.status === 200);
    expect(winners).toHaveLength(1);
    expect(await signInStatus(user.code, winners[0] ?? '')).toBe(200);
  });

  it('refuses an unknown token and a password the policy refuses, in the caller’s language', async () => {
    const unknown = await call('/api/auth/password/reset', { method: 'POST', locale: 'de-DE', body: { token: 'z'.repeat(43), password: NEW_PASSWORD } });
    expect(unknown.status).toBe(400);
    expect((await unknown.json<{ message: string }>()).message).toBe(authMessage('resetLinkInvalid', 'de'));
    const common = await call('/api/auth/password/reset', { method: 'POST', body: { token: 'z'.repeat(43), password: 'password123' } });
    expect(common.status).toBe(400);
    expect((await common.json<{ message: string }>()).message).toContain(authMessage('passwordCommon', 'it'));
    const short = await call('/api/auth/password/reset', { method: 'POST', body: { token: 'z'.repeat(43), password: 'corta' } });
    expect(short.status).toBe(400);
  });
});
