import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport, PersonDetail } from '../../../core/contracts/people.ts';
import { checkCharacter } from '../../../core/fiscal-code.ts';
import { hashPassword } from '../../../functions/auth/password.ts';
import { listPersonEvents } from '../../../functions/data/people/person-events.ts';
import { submitEcmDetails } from '../../../src/server/ecm-details-form.ts';
import { call, outcome, seedFixtures, seedMailStrings, signIn, SITE } from '../fixtures.ts';
import { ecmUser, seedEcm, VALID_CF } from '../ecm/ecm-fixtures.ts';
import { seedPeople, STAFF } from './people-fixtures.ts';

// A codice fiscale belongs to one person per site: every place that writes one checks its check
// character, its consistency with the account's names and gender, and that no other account holds
// it; two accounts saving one code at once get one 200 and one 409.
let staff = '';

/** A valid codice fiscale from its first fifteen characters. */
const cf = (first15: string) => `${first15}${checkCharacter(first15)}`;

const MARIA = { id: 'u-cf-maria', code: 'maria.verdi', email: 'maria.verdi@example.it', fiscalCode: cf('VRDMRA80A41H501'), password: 'Cf-Maria-2026!' };
const PAOLO = { id: 'u-cf-paolo', code: 'paolo.neri', email: 'paolo.neri@example.it', fiscalCode: cf('NREPLA80A01H501') };
const LUISA = { id: 'u-cf-luisa', code: 'luisa.old@example.it', email: 'luisa.old@example.it', fiscalCode: cf('GLLLSU80A41H501') };

beforeAll(async () => {
  await seedFixtures();
  await seedEcm();
  await seedPeople();
  await seedMailStrings();
  const now = Date.now();
  const insert = env.DB.prepare(
    'INSERT INTO user (id, site_id, code, password_hash, first_name, last_name, email, fiscal_code, gender, locale, roles, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  await env.DB.batch([
    insert.bind(
      MARIA.id,
      SITE,
      MARIA.code,
      await hashPassword(MARIA.password, env.PASSWORD_PEPPER, 1000),
      'Maria',
      'Verdi',
      MARIA.email,
      MARIA.fiscalCode,
      'f',
      'it-IT',
      '["learner"]',
      'active',
      now,
      now,
    ),
    insert.bind(PAOLO.id, SITE, PAOLO.code, 'x', 'Paolo', 'Neri', PAOLO.email, PAOLO.fiscalCode, 'm', 'it-IT', '["learner"]', 'active', now, now),
    insert.bind(LUISA.id, SITE, LUISA.code, null, 'Luisa', 'Gallo', LUISA.email, LUISA.fiscalCode, 'n', 'it-IT', '["learner"]', 'invited', now, now),
  ]);
  staff = await signIn(STAFF);
});

const message = async (response: Response) => (await response.json<{ message: string }>()).message;
const holderOf = async (code: string) =>
  (await env.DB.prepare('SELECT id FROM user WHERE site_id = ? AND fiscal_code = ?').bind(SITE, code).all<{ id: string }>()).results.map((row) => row.id);

describe('the learner’s ECM profile', () => {
  const PROFILE = { professionId: '01', disciplineId: '003', employment: 'D' };
  const save = (cookie: string, fiscalCode: string, locale = 'it-IT') =>
    call('/api/lms/ecm/profile', { method: 'PUT', cookie, locale, body: { ...PROFILE, fiscalCode } });

  it('refuses a code that does not match the account’s names or gender, saying why', async () => {
    const cookie = await signIn(ecmUser(1));
    // Giulia1 Bianchi, a woman: Maria Verdi's code is not hers, nor a man's day of birth.
    const names = await save(cookie, MARIA.fiscalCode);
    expect(names.status).toBe(400);
    expect(await message(names)).toMatch(/non corrisponde al nome e al cognome del tuo account/);
    const man = await save(cookie, cf('BNCGLI88C12F205'));
    expect(man.status).toBe(400);
    expect(await message(man)).toMatch(/non corrisponde al genere/);
    const english = await save(cookie, cf('BNCGLI88C12F205'), 'en-US');
    expect(await message(english)).toMatch(/does not match the gender on your account/);
    // An omocodia variant is a valid code (the last digit 5 written R).
    const variant = cf('BNCGLI88C52F20R');
    expect((await save(cookie, variant.toLowerCase())).status).toBe(200);
    expect(await holderOf(variant)).toEqual(['u-ecm-1']);
  });

  it('answers 409 for a code another account holds, without saying whose, and points to support', async () => {
    const first = await signIn(ecmUser(2));
    expect((await save(first, VALID_CF)).status).toBe(200);
    const second = await signIn(ecmUser(3));
    const taken = await save(second, VALID_CF);
    expect(taken.status).toBe(409);
    const text = await message(taken);
    expect(text).toBe(
      'Questo codice fiscale è già associato a un altro account. Se è il tuo, scrivi all’assistenza del tuo provider di formazione: verificherà e lo collegherà all’account giusto.',
    );
    expect(text).not.toMatch(/Giulia2|ecm\.learner2/);
    expect(await holderOf(VALID_CF)).toEqual(['u-ecm-2']);
    // Saving one's own code again is no conflict.
    expect((await save(first, VALID_CF)).status).toBe(200);
  });

  it('lets exactly one of two accounts saving one code at the same time have it; the other gets the 409', async () => {
    const cookies = await Promise.all([signIn(ecmUser(4)), signIn(ecmUser(5))]);
    for (const last of ['6', '7', '8']) {
      const code = cf(`BNCGLI88C52F20${last}`);
      const answers = await Promise.all(cookies.map((cookie) => save(cookie, code)));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(await holderOf(code)).toHaveLength(1);
    }
  });

  it('maps the unique index’s refusal to the same 409 when the other account saved it after the check', async () => {
    const code = cf('BNCGLI88C52F209');
    // The other account's save lands between this one's check and its write.
    await env.DB.prepare(
      `CREATE TRIGGER cf_race BEFORE UPDATE OF fiscal_code ON user WHEN NEW.id = 'u-ecm-7' BEGIN UPDATE user SET fiscal_code = '${code}' WHERE id = 'u-ecm-6'; END`,
    ).run();
    const response = await save(await signIn(ecmUser(7)), code);
    await env.DB.prepare('DROP TRIGGER cf_race').run();
    expect(response.status).toBe(409);
    expect(await message(response)).toMatch(/già associato a un altro account/);
    // SQLite undoes the failed statement with what its trigger wrote: this account has not got it.
    expect(await env.DB.prepare("SELECT fiscal_code FROM user WHERE id = 'u-ecm-7'").first('fiscal_code')).toBeNull();
  });
});

describe('the one-time ECM question after a federated sign-in (a page post)', () => {
  const post = (fields: Record<string, string>, userId: string) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return submitEcmDetails(form, userId);
  };

  it('checks the code against the gender given with it, and refuses another account’s code without naming it', async () => {
    // Learner 8 is a woman on record; the answer says 'm' with her (female) code: contradictory.
    const gender = await post({ gender: 'm', fiscalCode: cf('BNCGLI88C52F205'), disciplineId: '003' }, 'u-ecm-8');
    expect(gender).toMatchObject({ kind: 'refused', errors: { fiscalCode: { key: 'ecmProfile.fiscalCodeGender' } } });
    const taken = await post({ gender: 'f', fiscalCode: VALID_CF, disciplineId: '003' }, 'u-ecm-8');
    expect(taken).toMatchObject({ kind: 'refused', errors: { fiscalCode: { key: 'ecmProfile.fiscalCodeTaken' } } });
    expect(await post({ gender: 'f', fiscalCode: cf('BNCGLI88C54F205'), disciplineId: '003' }, 'u-ecm-8')).toEqual({ kind: 'saved' });
  });
});

describe('staff correcting a person’s codice fiscale', () => {
  const put = (userId: string, fiscalCode: string) => call(`/api/staff/people/${userId}/fiscal-code`, { method: 'PUT', cookie: staff, body: { fiscalCode } });

  it('names the account that holds the code (staff may see it) and changes nothing', async () => {
    const response = await put(PAOLO.id, MARIA.fiscalCode);
    expect(response.status).toBe(400);
    // Consistent with Paolo's names it must be first; a code of someone with his names held elsewhere is a 409 naming them.
    const twin = 'u-cf-paolo-twin';
    await env.DB.prepare(
      "INSERT INTO user (id, site_id, code, first_name, last_name, gender, locale, roles, status, created_at, updated_at) VALUES (?, ?, 'paolo.twin', 'Paolo', 'Neri', 'm', 'it-IT', '[\"learner\"]', 'active', 1, 1)",
    )
      .bind(twin, SITE)
      .run();
    const held = await put(twin, PAOLO.fiscalCode);
    expect(held.status).toBe(409);
    expect(await message(held)).toBe(
      `Il codice fiscale «${PAOLO.fiscalCode}» è già dell’account di Paolo Neri (codice utente paolo.neri). Se è un errore, correggilo nella scheda di quella persona.`,
    );
    expect(await holderOf(PAOLO.fiscalCode)).toEqual([PAOLO.id]);
  });

  it('moves a code from one account to the other, each change in the person’s history', async () => {
    const twin = 'u-cf-paolo-twin';
    const cleared = await outcome<PersonDetail>(await put(PAOLO.id, ''));
    expect(cleared.fiscalCode).toBeNull();
    const moved = await outcome<PersonDetail>(await put(twin, PAOLO.fiscalCode.toLowerCase()));
    expect(moved.fiscalCode).toBe(PAOLO.fiscalCode);
    const [paoloEvent] = await listPersonEvents(env.DB, SITE, PAOLO.id);
    expect(paoloEvent).toMatchObject({
      name: 'people.fiscalcode.update',
      subject: `${PAOLO.id}/${PAOLO.fiscalCode}`,
      actorId: STAFF.id,
      actor: 'Stefania Segreti',
    });
    const [twinEvent] = await listPersonEvents(env.DB, SITE, twin);
    expect(twinEvent).toMatchObject({ name: 'people.fiscalcode.update', subject: `${twin}/` });
    // Saving what it has already is no change and no event.
    await put(twin, PAOLO.fiscalCode);
    expect(await listPersonEvents(env.DB, SITE, twin)).toHaveLength(1);
    expect((await put(PAOLO.id, 'NREPLA80A01H501A')).status).toBe(400);
  });

  it('lets one of two parallel corrections to one code through, the other a 409', async () => {
    const code = cf('NREPLA80A01H502');
    const answers = await Promise.all([put(PAOLO.id, code), put('u-cf-paolo-twin', '').then(() => put('u-cf-paolo-twin', code))]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await holderOf(code)).toHaveLength(1);
  });
});

describe('an import that meets existing accounts', () => {
  const importCsv = (file: string, query: Record<string, string>) => {
    const bytes = new TextEncoder().encode(file);
    return call(`/api/staff/people/import?${new URLSearchParams(query)}`, {
      method: 'POST',
      cookie: staff,
      rawBody: bytes,
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(bytes.byteLength) },
    });
  };
  const FILE = [
    'nome,cognome,email,codice_fiscale',
    // Maria by her code, with another address: her names change, her address does not (she signs in with it).
    `Maria,Verdi-Rossi,maria.nuova@example.it,${MARIA.fiscalCode}`,
    // Maria's address with Paolo's code: two people.
    `Paolo,Neri,${MARIA.email},${cf('NREPLA80A01H501')}`,
    // Luisa is invited: her address can still change.
    `Luisa,Gallo,luisa.new@example.it,${LUISA.fiscalCode}`,
  ].join('\n');

  it('shows in its dry run which accounts change and how, and refuses a row whose e-mail and code are two accounts’', async () => {
    await env.DB.prepare('UPDATE user SET fiscal_code = ? WHERE id = ?').bind(PAOLO.fiscalCode, PAOLO.id).run();
    await env.DB.prepare("UPDATE user SET fiscal_code = NULL WHERE id = 'u-cf-paolo-twin'").run();
    const report = await outcome<ImportReport>(await importCsv(FILE, { dryRun: '1', duplicates: 'update' }));
    expect(report).toMatchObject({ dryRun: true, rows: 3, created: 0, updated: 2, skipped: 0 });
    expect(report.errors).toEqual([
      {
        row: 3,
        field: 'email, codice_fiscale',
        message: `L’e-mail «${MARIA.email}» è dell’account maria.verdi e il codice fiscale «${PAOLO.fiscalCode}» dell’account paolo.neri: sono due persone diverse, la riga non viene scritta. Correggi la riga o i due account.`,
      },
    ]);
    expect(report.changes).toEqual([
      {
        row: 2,
        userId: MARIA.id,
        code: MARIA.code,
        name: 'Maria Verdi',
        fields: [{ field: 'cognome', before: 'Verdi', after: 'Verdi-Rossi' }],
        notes: [
          `L’e-mail resta «${MARIA.email}»: l’account è già attivo e la cambia solo la persona stessa dal suo profilo (l’import non cambia mai e-mail né password di un account attivo).`,
        ],
      },
      {
        row: 4,
        userId: LUISA.id,
        code: LUISA.code,
        name: 'Luisa Gallo',
        fields: [{ field: 'email', before: LUISA.email, after: 'luisa.new@example.it' }],
        notes: [],
      },
    ]);
  });

  it('reports each skipped row with its account and why', async () => {
    const report = await outcome<ImportReport>(await importCsv(FILE, { dryRun: '1', duplicates: 'skip' }));
    expect(report).toMatchObject({ created: 0, updated: 0, skipped: 2 });
    expect(report.skippedRows).toEqual([
      { row: 2, userId: MARIA.id, code: MARIA.code, name: 'Maria Verdi', reason: 'Saltata: il codice fiscale è già dell’account maria.verdi.' },
      { row: 4, userId: LUISA.id, code: LUISA.code, name: 'Luisa Gallo', reason: 'Saltata: il codice fiscale è già dell’account luisa.old@example.it.' },
    ]);
    expect(report.errors).toHaveLength(1);
  });

  it('never changes an active account’s e-mail or password', async () => {
    const before = await env.DB.prepare('SELECT email, password_hash FROM user WHERE id = ?').bind(MARIA.id).first();
    const report = await outcome<ImportReport>(await importCsv(FILE, { duplicates: 'update' }));
    expect(report).toMatchObject({ dryRun: false, updated: 2 });
    const maria = await env.DB.prepare('SELECT last_name, email, password_hash FROM user WHERE id = ?').bind(MARIA.id).first();
    expect(maria).toEqual({ ...before, last_name: 'Verdi-Rossi' });
    expect(await signIn(MARIA)).toMatch(/=/);
    expect(await env.DB.prepare('SELECT email FROM user WHERE id = ?').bind(LUISA.id).first('email')).toBe('luisa.new@example.it');
    expect(await env.DB.prepare('SELECT fiscal_code FROM user WHERE id = ?').bind(PAOLO.id).first('fiscal_code')).toBe(PAOLO.fiscalCode);
  });

  it('refuses a code that does not match the row’s names', async () => {
    const report = await outcome<ImportReport>(await importCsv(`nome,cognome,email,codice_fiscale\nAnna,Blu,anna.blu@example.it,${VALID_CF}`, { dryRun: '1' }));
    expect(report.errors).toEqual([
      {
        row: 2,
        field: 'codice_fiscale',
        message: `«${VALID_CF}» non corrisponde a nome e cognome della riga: le prime sei lettere vengono da cognome e nome.`,
      },
    ]);
  });
});
