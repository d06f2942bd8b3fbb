import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PersonDetail } from '../../../core/contracts/people.ts';
import { REGISTRATION_MAILS_PER_ADDRESS } from '../../../core/registration-allowance.ts';
import { authMessage } from '../../../functions/auth/messages.ts';
import { peopleMessage } from '../../../functions/people/messages.ts';
import { call, outcome, seedFixtures, seedMailStrings, signIn } from '../fixtures.ts';
import { linkIn, mailTo, outboxSettled, waitForMail } from '../mailbox.ts';
import { seedPeople, STAFF } from './people-fixtures.ts';

// A person's state is one machine: invited, pending confirmation, active, suspended (remembering
// what it returns to). Staff unblock each: a new invitation, a new confirmation link, reactivation;
// a used reset link proves the address and activates a pending registration.
let staff = '';

beforeAll(async () => {
  await seedFixtures();
  await seedPeople();
  await seedMailStrings();
  staff = await signIn(STAFF);
});

const PASSWORD = 'una frase lunga per la corsia 7';
let serial = 0;
const newEmail = (what: string) => `${what}.${++serial}.${Date.now()}@example.it`;
const nextAddress = () => `203.0.115.${(serial++ % 250) + 1}`;
const tokenOf = (link: URL) => link.searchParams.get('t') ?? '';
const message = async (response: Response) => (await response.json<{ message: string }>()).message;
const person = async (id: string) => outcome<PersonDetail>(await call(`/api/staff/people/${id}`, { cookie: staff }));
const staffPost = (id: string, what: 'suspend' | 'reactivate' | 'invitation' | 'confirmation' | 'password-reset') =>
  call(`/api/staff/people/${id}/${what}`, { method: 'POST', cookie: staff });
const signInStatus = async (cu: string, cp = PASSWORD) => (await call('/api/auth/login', { method: 'POST', body: { cu, cp, ua: 'vitest' } })).status;

/** A learner registers (own network address), and is found as staff see them. */
async function registered(email: string, form: Record<string, string> = {}): Promise<PersonDetail> {
  const answer = await call('/api/auth/register', {
    method: 'POST',
    headers: { 'cf-connecting-ip': nextAddress() },
    body: { email, password: PASSWORD, firstName: 'Chiara', lastName: 'Neri', privacy: '2026-01', ...form },
  });
  expect(answer.status).toBe(200);
  const row = await env.DB.prepare('SELECT id FROM user WHERE email = ?').bind(email).first<{ id: string }>();
  return person(row!.id);
}

describe('an invited person', () => {
  it('suspended and reactivated is invited again: the invitation can be resent, and accepting it activates', async () => {
    const email = newEmail('invitata');
    const created = await outcome<PersonDetail>(
      await call('/api/staff/people', { method: 'POST', cookie: staff, body: { firstName: 'Ida', lastName: 'Invitata', email } }),
    );
    expect(created).toMatchObject({ status: 'invited', resumesAs: null });
    const suspended = await outcome<PersonDetail>(await staffPost(created.id, 'suspend'));
    expect(suspended).toMatchObject({ status: 'suspended', resumesAs: 'invited' });
    // Suspended, nobody writes to them: the invitation waits for the reactivation.
    const whileSuspended = await staffPost(created.id, 'invitation');
    expect(whileSuspended.status).toBe(409);
    expect(await message(whileSuspended)).toBe(peopleMessage('personSuspendedFirst', 'it'));

    // Their first invitation's link says so, and is not spent.
    const [firstMail] = await waitForMail(email);
    const early = await call('/api/auth/invitation', { method: 'POST', body: { token: tokenOf(linkIn(firstMail!)), password: 'Ida-Invitata-2026!' } });
    expect(early.status).toBe(400);
    expect(await message(early)).toBe(peopleMessage('accountSuspended', 'it'));

    const reactivated = await outcome<PersonDetail>(await staffPost(created.id, 'reactivate'));
    expect(reactivated).toMatchObject({ status: 'invited', resumesAs: null });
    // Not "active without a password": the invitation goes again (it answered 409 "already activated").
    expect((await staffPost(created.id, 'invitation')).status).toBe(200);
    const mails = await waitForMail(email, 2);
    const password = 'Ida-Invitata-2026!';
    expect((await call('/api/auth/invitation', { method: 'POST', body: { token: tokenOf(linkIn(mails[1]!)), password } })).status).toBe(200);
    expect((await person(created.id)).status).toBe('active');
    expect(await signInStatus(email, password)).toBe(200);
  });
});

describe('a registration waiting for its confirmation', () => {
  it('is "pending" for staff, who cannot send it a new password but can resend its confirmation, within the address allowance', async () => {
    const email = newEmail('attesa');
    const pending = await registered(email);
    expect(pending).toMatchObject({ status: 'pending', resumesAs: null });
    const listed = await outcome<{ people: PersonDetail[] }>(
      await call(`/api/staff/people?${new URLSearchParams({ q: email, status: 'pending' })}`, { cookie: staff }),
    );
    expect(listed.people.map((found) => found.id)).toEqual([pending.id]);

    const reset = await staffPost(pending.id, 'password-reset');
    expect(reset.status).toBe(409);
    expect(await message(reset)).toBe(peopleMessage('resetPending', 'it'));
    const invitation = await staffPost(pending.id, 'invitation');
    expect(invitation.status).toBe(409);
    expect(await message(invitation)).toBe(peopleMessage('invitationPending', 'it'));

    // The registration's mail, then staff's: a new link, which activates with the password chosen when registering.
    expect((await staffPost(pending.id, 'confirmation')).status).toBe(200);
    const mails = await waitForMail(email, 2);
    expect(mails[1]?.subject).toBe(mails[0]?.subject);
    const events = await env.DB.prepare("SELECT user_id AS userId FROM event WHERE action = 'people' AND variant = 'confirmation' AND subject = ?")
      .bind(pending.id)
      .all<{ userId: string }>();
    expect(events.results).toEqual([{ userId: STAFF.id }]);
    // The address's allowance (3 registration e-mails an hour) counts staff's resends too.
    for (let sent = 2; sent < REGISTRATION_MAILS_PER_ADDRESS; sent += 1) expect((await staffPost(pending.id, 'confirmation')).status).toBe(200);
    const over = await staffPost(pending.id, 'confirmation');
    expect(over.status).toBe(429);
    expect(await message(over)).toBe(peopleMessage('confirmationTooMany', 'it'));
    expect(await outboxSettled(email)).toBe(REGISTRATION_MAILS_PER_ADDRESS);

    expect(await signInStatus(email)).toBe(403);
    const latest = mailTo(email).at(-1)!;
    expect((await call('/api/auth/register/confirm', { method: 'POST', body: { token: tokenOf(linkIn(latest)) } })).status).toBe(200);
    expect(await signInStatus(email)).toBe(200);
    expect((await person(pending.id)).status).toBe('active');
    // Active now: nothing left to confirm.
    const again = await staffPost(pending.id, 'confirmation');
    expect(again.status).toBe(409);
    expect(await message(again)).toBe(peopleMessage('confirmationNotPending', 'it'));
  });

  it('suspended and reactivated is pending again, and still confirms', async () => {
    const email = newEmail('sospesa');
    const pending = await registered(email);
    const [mail] = await waitForMail(email);
    expect(await outcome<PersonDetail>(await staffPost(pending.id, 'suspend'))).toMatchObject({ status: 'suspended', resumesAs: 'pending' });
    expect(await outcome<PersonDetail>(await staffPost(pending.id, 'reactivate'))).toMatchObject({ status: 'pending', resumesAs: null });
    expect(await signInStatus(email)).toBe(403);
    expect((await call('/api/auth/register/confirm', { method: 'POST', body: { token: tokenOf(linkIn(mail!)) } })).status).toBe(200);
    expect(await signInStatus(email)).toBe(200);
  });

  it('becomes active through a used password-reset link, which proves the address; its confirmation links stop working', async () => {
    const email = newEmail('reset');
    const pending = await registered(email);
    const [confirmation] = await waitForMail(email);
    const forgot = await call('/api/auth/password/forgot', { method: 'POST', headers: { 'cf-connecting-ip': nextAddress() }, body: { identifier: email } });
    expect(forgot.status).toBe(200);
    const [, resetMail] = await waitForMail(email, 2);
    expect(linkIn(resetMail!).pathname).toBe('/it-IT/password/reset');
    const chosen = 'una nuova frase per il turno di notte';
    expect((await call('/api/auth/password/reset', { method: 'POST', body: { token: tokenOf(linkIn(resetMail!)), password: chosen } })).status).toBe(200);
    // Signing in no longer answers "not active yet".
    expect(await signInStatus(email, chosen)).toBe(200);
    expect((await person(pending.id)).status).toBe('active');
    const late = await call('/api/auth/register/confirm', { method: 'POST', body: { token: tokenOf(linkIn(confirmation!)) } });
    expect(late.status).toBe(400);
    expect(await message(late)).toBe(authMessage('confirmLinkUsed', 'it'));
    // The reset's password stays: the registration's does not come back.
    expect(await signInStatus(email)).toBe(401);
  });
});
