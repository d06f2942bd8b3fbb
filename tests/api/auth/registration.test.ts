import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONFIRMATION_TTL_MS, REGISTRATION_MAILS_PER_ADDRESS, REGISTRATION_REQUESTS_UNCHECKED } from '../../../core/registration-allowance.ts';
import { outboxFor } from '../../../functions/data/email/outbox.ts';
import { hashToken } from '../../../functions/shared/token.ts';
import { authMessage } from '../../../functions/auth/messages.ts';
import { call, outcome, seedFixtures, seedMailStrings, SITE, solvedBotCheck } from '../fixtures.ts';
import { linkIn, mailTo, outboxSettled, waitForMail } from '../mailbox.ts';

// Registration: the same answer for every address, a confirmation link by e-mail that works once
// within 24 hours, no sign-in before it, the owner of a known address told instead of the caller.
beforeAll(async () => {
  await seedFixtures();
  await seedMailStrings();
});

const PASSWORD = 'una frase lunga per la corsia 7';
const PRIVACY = '2026-01';

let serial = 0;
const nextAddress = () => `203.0.114.${(serial++ % 250) + 1}`;
const newEmail = () => `nurse.${++serial}.${Date.now()}@example.it`;

function register(body: Record<string, unknown>, options: { address?: string; locale?: string } = {}) {
  return call('/api/auth/register', {
    method: 'POST',
    locale: options.locale,
    headers: { 'cf-connecting-ip': options.address ?? nextAddress() },
    body: { password: PASSWORD, firstName: 'Chiara', lastName: 'Neri', privacy: PRIVACY, ...body },
  });
}
const resend = (email: string, address = nextAddress()) =>
  call('/api/auth/register/resend', { method: 'POST', headers: { 'cf-connecting-ip': address }, body: { email } });
const confirm = (token: string) => call('/api/auth/register/confirm', { method: 'POST', body: { token } });
const signIn = (cu: string, cp = PASSWORD) => call('/api/auth/login', { method: 'POST', body: { cu, cp, ua: 'vitest' } });
const tokenOf = (link: URL) => link.searchParams.get('t') ?? '';
const errorOf = async (response: Response) => (await response.json<{ message: string }>()).message;

describe('registering', () => {
  it('creates a pending learner, mails a 24-hour link that activates it once; then it signs in by e-mail or code', async () => {
    const email = newEmail();
    const answer = await register({ email: email.toUpperCase() });
    expect(answer.status).toBe(200);
    expect(await outcome(answer)).toEqual({ requested: true });
    const [mail] = await waitForMail(email);
    expect(mail?.subject).toBe('Tiles Test: attiva il tuo account');
    expect(mail?.text).toContain('Il link vale 24 ore');
    const link = linkIn(mail!);
    expect(link.pathname).toBe('/it-IT/register/confirm');

    const row = await env.DB.prepare('SELECT code, email, roles, registration_pending, privacy_version, privacy_accepted_at, gender FROM user WHERE email = ?')
      .bind(email)
      .first<Record<string, unknown>>();
    // Nobody asked the registering nurse's gender: none is stored (it once said 'n' for everyone).
    expect(row).toMatchObject({ code: email, email, roles: '["learner"]', registration_pending: 1, privacy_version: PRIVACY, gender: null });
    expect(row?.privacy_accepted_at).toEqual(expect.any(Number));
    // Only the token's hash is stored.
    const stored = await env.DB.prepare('SELECT token_hash, expires_at - created_at AS ttl FROM registration_confirmation WHERE token_hash = ?')
      .bind(await hashToken(tokenOf(link)))
      .first<{ ttl: number }>();
    expect(stored?.ttl).toBe(CONFIRMATION_TTL_MS);

    // Not before confirming: the right password is told why, with no session.
    const early = await signIn(email);
    expect(early.status).toBe(403);
    expect(await errorOf(early)).toBe(authMessage('signInUnconfirmed', 'it'));
    expect(early.headers.get('set-cookie')).toBeNull();

    expect((await confirm(tokenOf(link))).status).toBe(200);
    const reused = await confirm(tokenOf(link));
    expect(reused.status).toBe(400);
    expect(await errorOf(reused)).toBe(authMessage('confirmLinkUsed', 'it'));

    const byEmail = await signIn(email.toUpperCase());
    expect(byEmail.status).toBe(200);
    expect(await outcome(byEmail)).toMatchObject({ code: email, role: ['learner'] });
    expect((await signIn(email)).status).toBe(200);
  });

  it('answers a known address the same, creates nothing and writes to its owner instead', async () => {
    const email = newEmail();
    await register({ email });
    const [first] = await waitForMail(email);
    await confirm(tokenOf(linkIn(first!)));
    const fresh = await register({ email: newEmail() });
    const again = await register({ email, firstName: 'Altro', password: 'un altra frase lunga 9' });
    expect(again.status).toBe(fresh.status);
    expect(await again.text()).toBe(await fresh.text());
    const [, note] = await waitForMail(email, 2);
    expect(note?.subject).toBe('Tiles Test: tentativo di registrazione con il tuo indirizzo');
    expect(note?.text).toContain(`codice utente ${email}`);
    expect(linkIn(note!).pathname).toBe('/it-IT/password/forgot');
    const { count } = (await env.DB.prepare('SELECT COUNT(*) AS count FROM user WHERE email = ?').bind(email).first<{ count: number }>())!;
    expect(count).toBe(1);
    // The owner's password is untouched.
    expect((await signIn(email)).status).toBe(200);
  });

  it('registering again before confirming replaces the form: the link followed sets its own names, password and language', async () => {
    const email = newEmail();
    await register({ email, firstName: 'Chiara', lastName: 'Nerri' });
    const [first] = await waitForMail(email);
    const second = 'una seconda frase per la corsia 8';
    await register({ email, firstName: 'Chiara Maria', lastName: 'Neri', password: second }, { locale: 'en-US' });
    const mails = await waitForMail(email, 2);
    // The second form's mail greets with its name, in its language.
    expect(mails[1]?.text).toContain('Chiara Maria');
    expect(linkIn(mails[1]!).pathname).toBe('/en-US/register/confirm');
    // Before confirming, nothing of the account changed: whoever typed the address chose nothing yet.
    const before = await env.DB.prepare('SELECT first_name, last_name, locale FROM user WHERE email = ?').bind(email).first();
    expect(before).toEqual({ first_name: 'Chiara', last_name: 'Nerri', locale: 'it-IT' });

    expect((await confirm(tokenOf(linkIn(mails[1]!)))).status).toBe(200);
    const after = await env.DB.prepare('SELECT first_name, last_name, locale FROM user WHERE email = ?').bind(email).first();
    expect(after).toEqual({ first_name: 'Chiara Maria', last_name: 'Neri', locale: 'en-US' });
    expect((await signIn(email, second)).status).toBe(200);
    expect((await signIn(email)).status).toBe(401);
    // The first form's link is void now.
    expect(await errorOf(await confirm(tokenOf(linkIn(first!))))).toBe(authMessage('confirmLinkUsed', 'it'));
  });

  it('lets only the form whose link is followed win: an earlier link keeps its own names and password, a resend the latest form', async () => {
    const email = newEmail();
    await register({ email, firstName: 'Paola', lastName: 'Proprietaria' });
    const [owner] = await waitForMail(email);
    // Someone else registers the same address with their own names and password: their link goes to the owner.
    await register({ email, firstName: 'Intruso', lastName: 'Estraneo', password: 'la frase di un estraneo 42' });
    await waitForMail(email, 2);
    // The owner follows her own link: her names and password, nothing of the other form.
    expect((await confirm(tokenOf(linkIn(owner!)))).status).toBe(200);
    const row = await env.DB.prepare('SELECT first_name, last_name FROM user WHERE email = ?').bind(email).first();
    expect(row).toEqual({ first_name: 'Paola', last_name: 'Proprietaria' });
    expect((await signIn(email)).status).toBe(200);
    expect((await signIn(email, 'la frase di un estraneo 42')).status).toBe(401);

    // "Send the link again" carries the latest registration's form.
    const other = newEmail();
    await register({ email: other, firstName: 'Prima', lastName: 'Versione' });
    await register({ email: other, firstName: 'Seconda', lastName: 'Versione', password: 'la seconda frase 77 lunga' });
    await resend(other);
    const links = await waitForMail(other, 3);
    expect(links[2]?.text).toContain('Seconda');
    expect((await confirm(tokenOf(linkIn(links[2]!)))).status).toBe(200);
    expect(await env.DB.prepare('SELECT first_name FROM user WHERE email = ?').bind(other).first()).toEqual({ first_name: 'Seconda' });
    expect((await signIn(other, 'la seconda frase 77 lunga')).status).toBe(200);
  });

  it('refuses an expired confirmation link and an unknown one, each with its message', async () => {
    const email = newEmail();
    await register({ email });
    const [mail] = await waitForMail(email);
    const token = tokenOf(linkIn(mail!));
    await env.DB.prepare('UPDATE registration_confirmation SET expires_at = ? WHERE token_hash = ?')
      .bind(Date.now() - 1, await hashToken(token))
      .run();
    const expired = await confirm(token);
    expect(expired.status).toBe(400);
    expect(await errorOf(expired)).toBe(authMessage('confirmLinkExpired', 'it'));
    const unknown = await confirm('x'.repeat(43));
    expect(await errorOf(unknown)).toBe(authMessage('confirmLinkInvalid', 'it'));
    expect((await signIn(email)).status).toBe(403);
  });

  it('resends a link to a pending account only, the same answer for any address, at most 3 mails an hour', async () => {
    const email = newEmail();
    await register({ email });
    await waitForMail(email);
    const answers = await Promise.all([resend(email), resend(newEmail())]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await answers[0]!.text()).toBe(await answers[1]!.text());
    const mails = await waitForMail(email, 2);
    // The newest link works, and voids the first.
    expect((await confirm(tokenOf(linkIn(mails[1]!)))).status).toBe(200);
    expect(await errorOf(await confirm(tokenOf(linkIn(mails[0]!))))).toBe(authMessage('confirmLinkUsed', 'it'));
    // Throttled: the address's allowance is spent by the registration and two resends.
    const pending = newEmail();
    await register({ email: pending });
    for (let i = 1; i < REGISTRATION_MAILS_PER_ADDRESS + 2; i += 1) expect((await resend(pending)).status).toBe(200);
    expect(await outboxSettled(pending)).toBe(REGISTRATION_MAILS_PER_ADDRESS);
    expect(mailTo(pending)).toHaveLength(REGISTRATION_MAILS_PER_ADDRESS);
  });

  it('asks for the bot check past 3 requests an hour from one network', async () => {
    const address = nextAddress();
    for (let i = 0; i < REGISTRATION_REQUESTS_UNCHECKED; i += 1) expect((await register({ email: newEmail() }, { address })).status).toBe(200);
    const fourth = await register({ email: newEmail() }, { address });
    expect(fourth.status).toBe(428);
    expect((await register({ email: newEmail(), altcha: await solvedBotCheck() }, { address })).status).toBe(200);
  });

  it('refuses a password against the policy, a missing consent and an outdated notice, writing nothing', async () => {
    const email = newEmail();
    const weak = await register({ email, password: 'password1' });
    expect(weak.status).toBe(400);
    const short = await register({ email, password: 'corta' });
    expect(short.status).toBe(400);
    expect(await errorOf(short)).toMatch(/password/);
    const outdated = await register({ email, privacy: '2019-01' });
    expect(outdated.status).toBe(400);
    expect(await errorOf(outdated)).toBe(authMessage('registrationPrivacyOutdated', 'it'));
    expect(await env.DB.prepare('SELECT 1 FROM user WHERE email = ?').bind(email).first()).toBeNull();
    expect(await outboxFor(env.DB, SITE, email)).toEqual([]);
  });

  it('is refused while the site registers by invitation only', async () => {
    await env.DB.prepare("UPDATE site SET registration = 'invitation' WHERE id = ?").bind(SITE).run();
    try {
      const email = newEmail();
      const answer = await register({ email });
      expect(answer.status).toBe(403);
      expect(await errorOf(answer)).toBe(authMessage('registrationClosed', 'it'));
      expect(await env.DB.prepare('SELECT 1 FROM user WHERE email = ?').bind(email).first()).toBeNull();
    } finally {
      await env.DB.prepare("UPDATE site SET registration = 'open' WHERE id = ?").bind(SITE).run();
    }
  });

  it('counts sign-in attempts by code and by e-mail on one counter', async () => {
    const email = newEmail();
    await register({ email });
    const [mail] = await waitForMail(email);
    await confirm(tokenOf(linkIn(mail!)));
    const code = `code.${serial}`;
    await env.DB.prepare('UPDATE user SET code = ? WHERE email = ?').bind(code, email).run();
    // Two failures by code, then the e-mail's attempt (right password, fresh address) already needs the bot check.
    const address = { 'cf-connecting-ip': nextAddress() };
    for (const cu of [code, code.toUpperCase()]) {
      expect(
        (await call('/api/auth/login', { method: 'POST', headers: { 'cf-connecting-ip': nextAddress() }, body: { cu, cp: 'sbagliata-2026' } })).status,
      ).toBe(401);
    }
    const third = await call('/api/auth/login', { method: 'POST', headers: address, body: { cu: email, cp: PASSWORD } });
    expect(third.status).toBe(428);
  });
});
