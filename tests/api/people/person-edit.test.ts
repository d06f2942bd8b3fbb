import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PersonDetail } from '../../../core/contracts/people.ts';
import { listPersonEvents } from '../../../functions/data/people/person-events.ts';
import { call, EDITOR, outcome, seedFixtures, seedMailStrings, signIn, SITE } from '../fixtures.ts';
import { linkIn, mailTo, waitForMail } from '../mailbox.ts';
import { personById, seedPeople, STAFF } from './people-fixtures.ts';

// Staff correct a person's names, language and address: names and language at once, the address
// through a link to the new address as a person's own change, every change in the person's history.
let staff = '';

beforeAll(async () => {
  await seedFixtures();
  await seedPeople();
  await seedMailStrings();
  staff = await signIn(STAFF);
});

const edit = (userId: string, body: Record<string, unknown>, cookie = staff) => call(`/api/staff/people/${userId}`, { method: 'PUT', cookie, body });
const errorOf = async (response: Response) => (await response.json<{ message: string }>()).message;

describe('staff edit a person', () => {
  it('change names and language at once, only what differs, each change in the history with who made it', async () => {
    const luca = personById('u-pp-luca');
    const saved = await edit(luca.id, { firstName: 'Luca Maria', lastName: luca.lastName, locale: 'de-DE' });
    expect(saved.status).toBe(200);
    expect(await outcome<PersonDetail>(saved)).toMatchObject({ firstName: 'Luca Maria', lastName: luca.lastName, locale: 'de-DE', email: luca.email });
    const [latest] = await listPersonEvents(env.DB, SITE, luca.id);
    expect(latest).toMatchObject({ name: 'people.person.update', subject: `${luca.id}/firstName,locale`, actorId: STAFF.id });
    // The same values again write nothing.
    expect((await edit(luca.id, { firstName: 'Luca Maria', locale: 'de-DE' })).status).toBe(200);
    expect(await listPersonEvents(env.DB, SITE, luca.id)).toHaveLength(1);
    // Removing the address takes effect at once: a change of the person's data, not a link sent.
    expect(await outcome<PersonDetail>(await edit(luca.id, { email: '' }))).toMatchObject({ email: null, pendingEmail: null });
    const [removal] = await listPersonEvents(env.DB, SITE, luca.id);
    expect(removal).toMatchObject({ name: 'people.person.update', subject: `${luca.id}/email` });
  });

  it("fix an invited person's mistyped address: the link goes to the new one, and following it sends a fresh invitation there", async () => {
    const wrong = `anan.verdi.${Date.now()}@example.it`;
    const right = `anna.verdi.${Date.now()}@example.it`;
    const created = await outcome<PersonDetail>(
      await call('/api/staff/people', { method: 'POST', cookie: staff, body: { firstName: 'Anna', lastName: 'Verdi', email: wrong } }),
    );
    await waitForMail(wrong);
    const answer = await edit(created.id, { email: right });
    expect(answer.status).toBe(200);
    expect(await outcome<PersonDetail>(answer)).toMatchObject({ email: wrong, pendingEmail: right, status: 'invited' });
    const [link] = await waitForMail(right);
    expect(link?.subject).toBe('Tiles Test: conferma il nuovo indirizzo e-mail');

    const confirmed = await call('/api/auth/email/confirm', { method: 'POST', body: { token: linkIn(link!).searchParams.get('t') } });
    expect(confirmed.status).toBe(200);
    const person = await outcome<PersonDetail>(await call(`/api/staff/people/${created.id}`, { cookie: staff }));
    // The user code was the mistyped address: it follows the address.
    expect(person).toMatchObject({ email: right, code: right, pendingEmail: null, status: 'invited' });
    const [, invitation] = await waitForMail(right, 2);
    expect(invitation?.subject).toBe('Tiles Test: il tuo account ti aspetta');
    expect(linkIn(invitation!).pathname).toBe('/it-IT/invitation');
    // The invitation sent to the wrong address no longer works; the new one does.
    const open = await env.DB.prepare('SELECT COUNT(*) AS n FROM invitation WHERE user_id = ? AND used_at IS NULL AND voided_at IS NULL')
      .bind(created.id)
      .first();
    expect(open).toEqual({ n: 1 });
    const accepted = await call('/api/auth/invitation', {
      method: 'POST',
      body: { token: linkIn(invitation!).searchParams.get('t'), password: 'la nuova corsia apre alle otto' },
    });
    expect(accepted.status).toBe(200);
    expect(mailTo(wrong)).toHaveLength(1);

    const events = (await listPersonEvents(env.DB, SITE, created.id)).map((entry) => entry.name);
    expect(events).toEqual(expect.arrayContaining(['people.address.request', 'auth.address.change', 'people.invitation.accept']));
  });

  it('refuses an unknown person, a language the site lacks, an invalid address and a stronger account, changing nothing', async () => {
    expect((await edit('u-nobody-here', { firstName: 'X' })).status).toBe(404);
    const anna = personById('u-pp-anna');
    const locale = await edit(anna.id, { firstName: 'Annetta', locale: 'fr-FR' });
    expect(locale.status).toBe(400);
    expect(await errorOf(locale)).toContain('«locale»');
    expect((await edit(anna.id, { email: 'non-una-email' })).status).toBe(400);
    // Another account's address: refused and named, as the new-person form does; no link goes out.
    const nicolo = personById('u-pp-nicolo');
    const taken = await edit(anna.id, { email: nicolo.email!.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(await errorOf(taken)).toBe(`Esiste già un account con l’e-mail «${nicolo.email}».`);
    expect(await outcome<PersonDetail>(await call(`/api/staff/people/${anna.id}`, { cookie: staff }))).toMatchObject({ email: anna.email, pendingEmail: null });
    const stronger = await edit(EDITOR.id, { firstName: 'Capo' });
    expect(stronger.status).toBe(403);
    const row = await env.DB.prepare('SELECT first_name FROM user WHERE id = ?').bind(anna.id).first();
    expect(row).toEqual({ first_name: anna.firstName });
    expect((await edit(anna.id, { firstName: 'X' }, await signIn(EDITOR))).status).toBe(200);
  });
});
