import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_CHANGES_PER_ACCOUNT } from '../../../core/email-change-allowance.ts';
import { authMessage } from '../../../functions/auth/messages.ts';
import { hashPassword } from '../../../functions/auth/password.ts';
import { call, outcome, seedFixtures, seedMailStrings, SITE } from '../fixtures.ts';
import { linkIn, mailTo, outboxSettled, waitForMail } from '../mailbox.ts';

// An address belongs to one account: a new one is proved by a link sent to it before it is the
// account's, the old one is told, and no answer says whether an address is taken.
beforeAll(async () => {
  await seedFixtures();
  await seedMailStrings();
});

const PASSWORD = 'una frase lunga per la corsia 9';
let serial = 0;
const unique = () => `${Date.now().toString(36)}${++serial}`;

/** A fresh active account: its code, and its address unless `email` is null. */
async function person(options: { code?: string; email?: string | null; firstName?: string } = {}) {
  const id = `u-mail-${unique()}`;
  const code = options.code ?? `mail.${unique()}`;
  const email = options.email === undefined ? `${code}@example.it` : options.email;
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO user (id, site_id, code, password_hash, first_name, last_name, email, gender, locale, roles, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'Test', ?, 'f', 'it-IT', '["learner"]', ?, ?)`,
  )
    .bind(id, SITE, code, await hashPassword(PASSWORD, env.PASSWORD_PEPPER, 1000), options.firstName ?? 'Paola', email, now, now)
    .run();
  const signed = await call('/api/auth/login', { method: 'POST', body: { cu: code, cp: PASSWORD, ua: 'vitest' } });
  expect(signed.status).toBe(200);
  const cookie = (signed.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { id, code, email, cookie };
}

const put = (cookie: string, body: unknown) => call('/api/auth/user', { method: 'PUT', cookie, body });
const confirm = (token: string) => call('/api/auth/email/confirm', { method: 'POST', body: { token } });
const storedEmail = async (id: string) => (await env.DB.prepare('SELECT email FROM user WHERE id = ?').bind(id).first<{ email: string | null }>())?.email;
const tokenOf = (link: URL) => link.searchParams.get('t') ?? '';
const errorOf = async (response: Response) => (await response.json<{ message: string }>()).message;
const signInWith = (cu: string) => call('/api/auth/login', { method: 'POST', body: { cu, cp: PASSWORD, ua: 'vitest' } });

describe('changing the e-mail address', () => {
  it('sends a link to the new address, changes it only when the link is followed, and tells the old one', async () => {
    const paola = await person();
    const next = `nuova.${unique()}@example.it`;
    const answer = await put(paola.cookie, { email: next, firstName: 'Paola Maria' });
    expect(answer.status).toBe(200);
    expect(await outcome(answer)).toMatchObject({ email: paola.email, pendingEmail: next, firstName: 'Paola Maria' });
    // Nothing changed yet: the account keeps its address, and signs in with it.
    expect(await storedEmail(paola.id)).toBe(paola.email);
    expect((await outcome(await call('/api/auth/user', { cookie: paola.cookie }))) as object).toMatchObject({ pendingEmail: next });

    const [mail] = await waitForMail(next);
    expect(mail?.subject).toBe('Tiles Test: conferma il nuovo indirizzo e-mail');
    expect(mail?.text).toContain(`codice utente ${paola.code}`);
    const link = linkIn(mail!);
    expect(link.pathname).toBe('/it-IT/email/confirm');
    expect(mailTo(paola.email!)).toHaveLength(0);

    const confirmed = await confirm(tokenOf(link));
    expect(confirmed.status).toBe(200);
    expect(await outcome(confirmed)).toEqual({ email: next });
    expect(await storedEmail(paola.id)).toBe(next);
    const [notice] = await waitForMail(paola.email!);
    expect(notice?.subject).toBe("Tiles Test: l'indirizzo e-mail del tuo account è cambiato");
    expect(notice?.text).toContain('scrivi subito all');

    const again = await confirm(tokenOf(link));
    expect(again.status).toBe(400);
    expect(await errorOf(again)).toBe(authMessage('emailChangeLinkUsed', 'it'));
    expect((await signInWith(next)).status).toBe(200);
    expect((await signInWith(paola.email!)).status).toBe(401);
    expect((await outcome(await call('/api/auth/user', { cookie: paola.cookie }))) as object).toMatchObject({ email: next, pendingEmail: null });
  });

  it("never lets an account take another's address, and answers exactly as for a free one", async () => {
    const owner = await person({ firstName: 'Giovanna' });
    const taker = await person();
    const free = `libero.${unique()}@example.it`;
    const takenAnswer = await put(taker.cookie, { email: owner.email!.toUpperCase() });
    const freeAnswer = await put((await person()).cookie, { email: free });
    expect(takenAnswer.status).toBe(freeAnswer.status);
    const shape = (user: Record<string, unknown>) => Object.keys(user).sort();
    const taken = await outcome<Record<string, unknown>>(takenAnswer);
    expect(shape(taken)).toEqual(shape(await outcome<Record<string, unknown>>(freeAnswer)));
    expect(taken.pendingEmail).toBe(owner.email!.toUpperCase());

    // The owner is told, with no link that could move the address; the taker's account is unchanged.
    const [note] = await waitForMail(owner.email!);
    expect(note?.subject).toBe('Tiles Test: richiesta di usare il tuo indirizzo');
    expect(note?.text).toContain(`Ciao Giovanna`);
    expect(linkIn(note!).pathname).toBe('/it-IT/password/forgot');
    expect(await outboxSettled(owner.email!)).toBe(1);
    expect(await storedEmail(taker.id)).toBe(taker.email);
    expect(await storedEmail(owner.id)).toBe(owner.email);
    expect((await signInWith(owner.email!)).status).toBe(200);

    // Nor by writing the table directly: the unique index holds whoever writes.
    await expect(env.DB.prepare('UPDATE user SET email = ? WHERE id = ?').bind(owner.email!.toUpperCase(), taker.id).run()).rejects.toThrow(/UNIQUE/);
  });

  it('of two accounts racing to confirm one address, exactly one gets it and the other is told why', async () => {
    const address = `conteso.${unique()}@example.it`;
    const first = await person();
    const second = await person();
    expect((await Promise.all([put(first.cookie, { email: address }), put(second.cookie, { email: address })])).map((response) => response.status)).toEqual([
      200, 200,
    ]);
    const mails = await waitForMail(address, 2);
    const answers = await Promise.all(mails.map((mail) => confirm(tokenOf(linkIn(mail)))));
    expect(answers.map((response) => response.status).sort()).toEqual([200, 409]);
    const refused = answers.find((response) => response.status === 409)!;
    expect(await errorOf(refused)).toBe(authMessage('emailChangeTaken', 'it'));
    const holders = await env.DB.prepare('SELECT COUNT(*) AS n FROM user WHERE site_id = ? AND email = ? COLLATE NOCASE')
      .bind(SITE, address)
      .first<{ n: number }>();
    expect(holders?.n).toBe(1);
  });

  it('moves a user code that was the old address along with it, so the old address names no account', async () => {
    const code = `registrata.${unique()}@example.it`;
    const registered = await person({ code, email: code });
    const next = `dopo.${unique()}@example.it`;
    expect((await put(registered.cookie, { email: next })).status).toBe(200);
    const [mail] = await waitForMail(next);
    expect((await confirm(tokenOf(linkIn(mail!)))).status).toBe(200);
    const row = await env.DB.prepare('SELECT code, email FROM user WHERE id = ?').bind(registered.id).first();
    expect(row).toEqual({ code: next, email: next });
    expect((await signInWith(code)).status).toBe(401);
  });

  it('a newer request voids the older link; past the hourly allowance nothing changes and the answer says so', async () => {
    const paola = await person();
    const addresses = Array.from({ length: EMAIL_CHANGES_PER_ACCOUNT }, () => `prova.${unique()}@example.it`);
    for (const address of addresses) expect((await put(paola.cookie, { email: address })).status).toBe(200);
    const [older] = await waitForMail(addresses[0]!);
    const voided = await confirm(tokenOf(linkIn(older!)));
    expect(voided.status).toBe(400);
    expect(await errorOf(voided)).toBe(authMessage('emailChangeLinkUsed', 'it'));

    const over = await put(paola.cookie, { email: `troppo.${unique()}@example.it`, firstName: 'Non salvato' });
    expect(over.status).toBe(429);
    expect(await errorOf(over)).toBe(authMessage('emailChangesTooMany', 'it'));
    const row = await env.DB.prepare('SELECT first_name, email FROM user WHERE id = ?').bind(paola.id).first();
    expect(row).toEqual({ first_name: 'Paola', email: paola.email });
  });

  it('refuses an unknown or malformed link in the caller’s language', async () => {
    const unknown = await confirm('x'.repeat(43));
    expect(unknown.status).toBe(400);
    expect(await errorOf(unknown)).toBe(authMessage('emailChangeLinkInvalid', 'it'));
    expect((await confirm('corto')).status).toBe(400);
  });
});
