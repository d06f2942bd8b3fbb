import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EnrolmentCsvReport, ImportReport, PersonDetail } from '../../../core/contracts/people.ts';
import { call, outcome, seedFixtures, seedMailStrings, signIn } from '../fixtures.ts';
import { FIXED_COURSE, seedEcm, VALID_CF } from '../ecm/ecm-fixtures.ts';
import { linkIn, mailTo, waitForMail } from '../mailbox.ts';
import { seedPeople, STAFF } from './people-fixtures.ts';

// People created by staff: one by one or from a CSV file (a dry run first), each invited by e-mail;
// duplicates updated or skipped; every refusal with its message; nothing half-written.
let staff = '';

beforeAll(async () => {
  await seedFixtures();
  await seedEcm();
  await seedPeople();
  await seedMailStrings();
  staff = await signIn(STAFF);
});

const counts = async () =>
  env.DB.prepare(
    "SELECT (SELECT COUNT(*) FROM user) AS users, (SELECT COUNT(*) FROM email_outbox) AS mails, (SELECT COUNT(*) FROM invitation) AS links, (SELECT COUNT(*) FROM enrolment) AS enrolments, (SELECT COUNT(*) FROM event WHERE action = 'people') AS events",
  ).first();

/** A file as the body of a call that takes bytes: its length declared, as a browser's upload has it. */
const fileBody = (file: string | Uint8Array<ArrayBuffer>) => {
  const bytes = typeof file === 'string' ? new TextEncoder().encode(file) : file;
  return { rawBody: bytes, headers: { 'content-type': 'application/octet-stream', 'content-length': String(bytes.byteLength) } };
};

const importCsv = (file: string | Uint8Array<ArrayBuffer>, query: Record<string, string> = {}, locale = 'it-IT') =>
  call(`/api/staff/people/import?${new URLSearchParams(query)}`, { method: 'POST', cookie: staff, locale, ...fileBody(file) });

const message = async (response: Response) => (await response.json<{ message: string }>()).message;

describe('the CSV import', () => {
  const BAD = [
    'nome,cognome,email,codice_fiscale,lingua',
    'Anna,,anna.vuota@example.it,,',
    'Bruno,Rossi,non-un-indirizzo,,',
    'Carla,Bianchi,carla.bianchi@example.it,BNCGLI88C52F205Y,',
    'Dario,Verdi,dario.verdi@example.it,,fr-FR',
    'Elena,Neri,elena.neri@example.it,,',
    'Elena,Neri,ELENA.NERI@example.it,,',
    `${'F'.repeat(81)},Gialli,f.gialli@example.it,,`,
  ].join('\n');

  it('reports each bad row with its line, column and message in the staff member’s language, in a dry run that writes nothing', async () => {
    const before = await counts();
    const response = await importCsv(BAD, { dryRun: '1' });
    expect(response.status, await response.clone().text()).toBe(200);
    const report = await outcome<ImportReport>(response);
    expect(report).toMatchObject({ dryRun: true, rows: 7, created: 1, updated: 0, skipped: 0 });
    expect(report.errors).toEqual([
      { row: 2, field: 'cognome', message: 'Manca il valore di «cognome».' },
      { row: 3, field: 'email', message: '«non-un-indirizzo» non è un indirizzo e-mail valido.' },
      { row: 4, field: 'codice_fiscale', message: '«BNCGLI88C52F205Y» non è un codice fiscale valido (controlla il carattere finale).' },
      { row: 5, field: 'lingua', message: 'La lingua «fr-FR» non è tra quelle del sito: it-IT, en-US, de-DE.' },
      { row: 7, field: 'email', message: '«elena.neri@example.it» compare già alla riga 6.' },
      { row: 8, field: 'nome', message: '«nome» supera 80 caratteri.' },
    ]);
    expect(await counts()).toEqual(before);
    const english = await outcome<ImportReport>(await importCsv(BAD, { dryRun: '1' }, 'en-US'));
    expect(english.errors[0]).toEqual({ row: 2, field: 'cognome', message: 'The value of "cognome" is missing.' });
  });

  it('refuses a file it cannot read as a whole, with its reason', async () => {
    const cases: [string, number, string][] = [
      ['', 400, 'Il file è vuoto: serve la riga delle colonne e almeno una riga di dati.'],
      ['nome,cognome\nAnna,Rossi', 400, 'Nella prima riga manca la colonna «email». Le colonne sono: nome, cognome, email, codice_fiscale, lingua.'],
      ['nome,cognome,email\n"Anna,Rossi,anna@example.it', 400, 'Il file non è un CSV leggibile: controlla le virgolette alla riga 2.'],
    ];
    for (const [file, status, text] of cases) {
      const response = await importCsv(file, { dryRun: '1' });
      expect(response.status, file).toBe(status);
      expect(await message(response)).toBe(text);
    }
  });

  it('refuses a file over 4 MiB with 413 and a sentence naming the limit, in the staff member’s language, writing nothing', async () => {
    // 4.39 MiB, as a spreadsheet of many people gives it: refused by its declared length, before a byte is read.
    const big = new TextEncoder().encode(`nome,cognome,email\n${'Anna,Rossi,anna@example.it\n'.repeat(Math.ceil((4.39 * 1024 * 1024) / 27))}`);
    const before = await counts();
    const refused = await importCsv(big, { dryRun: '1' });
    expect(refused.status).toBe(413);
    expect(await message(refused)).toBe('Il file supera il limite di 4 MB: scegline uno più piccolo.');
    const english = await importCsv(big, {}, 'en-US');
    expect(english.status).toBe(413);
    expect(await message(english)).toBe('The file is over the 4 MB limit: choose a smaller one.');
    const list = await call(`/api/staff/courses/${FIXED_COURSE}/enrolments.csv`, { method: 'POST', cookie: staff, locale: 'de-DE', ...fileBody(big) });
    expect(list.status).toBe(413);
    expect(await message(list)).toBe('Die Datei überschreitet die Grenze von 4 MB: Wählen Sie eine kleinere Datei.');
    expect(await counts()).toEqual(before);
  });

  it('reads the semicolon-separated Windows-1252 export of an Italian spreadsheet, and UTF-8 with a BOM', async () => {
    // "Nicolò;D'Annunzio" in Windows-1252: ò is the single byte 0xF2, invalid as UTF-8.
    const header = new TextEncoder().encode('Nome;Cognome;E-mail;Codice fiscale\r\n');
    const row = Uint8Array.from(
      [...'Nicol']
        .map((c) => c.charCodeAt(0))
        .concat(
          [0xf2],
          [...";D'Annunzio;nicolo.cp1252@example.it;\r\n"].map((c) => c.charCodeAt(0)),
        ),
    );
    const windows = new Uint8Array([...header, ...row]);
    const report = await outcome<ImportReport>(await importCsv(windows));
    expect(report).toMatchObject({ dryRun: false, rows: 1, created: 1, errors: [] });
    const stored = await env.DB.prepare("SELECT first_name, last_name, status, password_hash FROM user WHERE email = 'nicolo.cp1252@example.it'").first();
    expect(stored).toEqual({ first_name: 'Nicolò', last_name: "D'Annunzio", status: 'invited', password_hash: null });

    const bom = `\uFEFFnome,cognome,email\nGreta,"Müller-Lüdenscheidt, jr.",greta.bom@example.it\n`;
    expect(await outcome<ImportReport>(await importCsv(bom))).toMatchObject({ created: 1, errors: [] });
    const greta = await env.DB.prepare("SELECT last_name FROM user WHERE email = 'greta.bom@example.it'").first();
    expect(greta).toEqual({ last_name: 'Müller-Lüdenscheidt, jr.' });
  });

  it('imports every valid row as invited with its invitation e-mail, skips or updates duplicates, and enrols them all in the course', async () => {
    const file = [
      'nome,cognome,email,codice_fiscale,lingua',
      'Ilaria,Conti,ilaria.conti@example.it,,en-US',
      'Anna,Ferraris-Nuova,ANNA.FERRARI@ospedale.example.it,,',
      'Riga,Sbagliata,sbagliata,,',
    ].join('\n');
    const skipped = await outcome<ImportReport>(await importCsv(file, { duplicates: 'skip', course: FIXED_COURSE }));
    expect(skipped).toMatchObject({ created: 1, updated: 0, skipped: 1, enrolled: 2 });
    expect(skipped.errors).toHaveLength(1);
    expect((await env.DB.prepare("SELECT last_name FROM user WHERE id = 'u-pp-anna'").first())?.last_name).toBe('Ferrari');

    // A new person enrolled at once gets one e-mail: the invitation, naming the course.
    const [invitation] = await waitForMail('ilaria.conti@example.it');
    expect(invitation?.subject).toMatch(/your account is waiting for you/);
    expect(invitation?.text).toContain('ilaria.conti@example.it');
    expect(invitation?.text).toMatch(/You are already enrolled in «.+»: after you first sign in, you will find it under "My courses"\./);
    expect(linkIn(invitation!).pathname).toBe('/en-US/invitation');
    const [enrolled] = await waitForMail('anna.ferrari@ospedale.example.it');
    expect(enrolled?.subject).toMatch(/iscrizione a «/);
    expect(linkIn(enrolled!).pathname).toBe(`/it-IT/course/${FIXED_COURSE}`);
    const enrolments = await env.DB.prepare('SELECT COUNT(*) AS n FROM enrolment WHERE course_id = ? AND user_id IN (?, (SELECT id FROM user WHERE email = ?))')
      .bind(FIXED_COURSE, 'u-pp-anna', 'ilaria.conti@example.it')
      .first<{ n: number }>();
    expect(enrolments?.n).toBe(2);

    const updated = await outcome<ImportReport>(await importCsv(file, { duplicates: 'update', course: FIXED_COURSE }));
    // Ilaria's row is what her account has already: nothing to change, said so.
    expect(updated).toMatchObject({ created: 0, updated: 1, skipped: 1, enrolled: 0 });
    expect(updated.changes).toEqual([
      {
        row: 3,
        userId: 'u-pp-anna',
        code: 'anna.ferrari',
        name: 'Anna Ferrari',
        fields: [{ field: 'cognome', before: 'Ferrari', after: 'Ferraris-Nuova' }],
        notes: [],
      },
    ]);
    expect(updated.skippedRows).toMatchObject([
      { row: 2, code: 'ilaria.conti@example.it', reason: 'Nessuna modifica: i dati coincidono con quelli dell’account ilaria.conti@example.it.' },
    ]);
    expect((await env.DB.prepare("SELECT last_name FROM user WHERE id = 'u-pp-anna'").first())?.last_name).toBe('Ferraris-Nuova');
    // Enrolled already: no second course e-mail.
    expect(mailTo('anna.ferrari@ospedale.example.it')).toHaveLength(1);
    expect(mailTo('ilaria.conti@example.it')).toHaveLength(1);
  });

  it('will not rewrite the details of an account stronger than the staff member', async () => {
    await env.DB.prepare("UPDATE user SET email = 'editor@example.it' WHERE id = 'u-api-editor'").run();
    const report = await outcome<ImportReport>(await importCsv('nome,cognome,email\nEdi,Tore,editor@example.it', { duplicates: 'update' }));
    expect(report).toMatchObject({
      updated: 0,
      errors: [{ row: 2, field: 'email', message: 'Questa persona ha permessi che il tuo ruolo non ha: i suoi dati non vengono modificati.' }],
    });
    expect((await env.DB.prepare("SELECT first_name FROM user WHERE id = 'u-api-editor'").first())?.first_name).not.toBe('Edi');
  });

  it('writes nothing at all when the write fails half way', async () => {
    const before = await counts();
    // The second person's invitation fails to be written (a trigger stands for any failure of D1 mid-batch).
    const file = 'nome,cognome,email\nUno,Primo,uno.primo@example.it\nDue,Secondo,due.secondo@example.it';
    await env.DB.prepare(
      "CREATE TRIGGER import_fails BEFORE INSERT ON invitation WHEN (SELECT COUNT(*) FROM invitation) > 0 AND NEW.user_id IN (SELECT id FROM user WHERE email = 'due.secondo@example.it') BEGIN SELECT RAISE(ABORT, 'boom'); END",
    ).run();
    const response = await importCsv(file);
    await env.DB.prepare('DROP TRIGGER import_fails').run();
    expect(response.status).toBe(500);
    expect(await counts()).toEqual(before);
  });
});

describe('an account created by staff', () => {
  const create = (body: Record<string, string>, locale = 'it-IT') => call('/api/staff/people', { method: 'POST', cookie: staff, locale, body });

  it('refuses an e-mail or a codice fiscale someone has, with its message', async () => {
    const taken = await create({ firstName: 'Anna', lastName: 'Bis', email: 'Anna.Ferrari@Ospedale.example.it' });
    expect(taken.status).toBe(409);
    expect(await message(taken)).toBe('Esiste già un account con l’e-mail «anna.ferrari@ospedale.example.it».');
    const english = await create({ firstName: 'Anna', lastName: 'Bis', email: 'anna.ferrari@ospedale.example.it' }, 'en-US');
    expect(await message(english)).toBe('An account with the e-mail "anna.ferrari@ospedale.example.it" already exists.');
    const first = await outcome<PersonDetail>(
      await create({ firstName: 'Giulia', lastName: 'Bianchi', email: 'giulia.cf@example.it', fiscalCode: VALID_CF.toLowerCase() }),
    );
    expect(first).toMatchObject({ status: 'invited', code: 'giulia.cf@example.it', fiscalCode: VALID_CF });
    const code = await create({ firstName: 'Giulio', lastName: 'Bianco', email: 'giulio.bianco@example.it', fiscalCode: VALID_CF });
    expect(code.status).toBe(409);
    // Staff may know whose it is, to resolve it on that person's page.
    expect(await message(code)).toBe(
      `Il codice fiscale «${VALID_CF}» è già dell’account di Giulia Bianchi (codice utente giulia.cf@example.it). Se è un errore, correggilo nella scheda di quella persona.`,
    );
    const names = await create({ firstName: 'Nic', lastName: 'Bis', email: 'nic.bis@example.it', fiscalCode: VALID_CF });
    expect(names.status).toBe(400);
    expect(await message(names)).toBe(`«${VALID_CF}» non corrisponde a nome e cognome della riga: le prime sei lettere vengono da cognome e nome.`);
    const bad = await create({ firstName: 'Nic', lastName: '', email: 'nic.bis@example.it' });
    expect(bad.status).toBe(400);
    expect(await message(bad)).toBe('Manca il valore di «cognome».');
  });

  it('is invited: its link sets the password once, activates the account and signs in; a used or expired link is refused', async () => {
    const email = `marco.invitato.${Date.now()}@example.it`;
    const person = await outcome<PersonDetail>(await create({ firstName: 'Marco', lastName: 'Invitato', email }));
    expect(person).toMatchObject({ status: 'invited', code: email });
    const [mail] = await waitForMail(email);
    const token = linkIn(mail!).searchParams.get('t') ?? '';
    // No password yet: signing in fails like a wrong password.
    expect((await call('/api/auth/login', { method: 'POST', body: { cu: email, cp: 'anything-at-all-1', ua: 'vitest' } })).status).toBe(401);

    const password = 'una password per il reparto 9';
    const accepted = await call('/api/auth/invitation', { method: 'POST', body: { token, password } });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    expect((await call('/api/auth/login', { method: 'POST', body: { cu: email, cp: password, ua: 'vitest' } })).status).toBe(200);
    const again = await call('/api/auth/invitation', { method: 'POST', body: { token, password } });
    expect(again.status).toBe(400);
    expect(await message(again)).toBe(
      'Questo link di invito è già stato usato o sostituito da uno più recente: accedi con la tua password, oppure usa l’ultimo invito ricevuto.',
    );
    // Active now: the invitation cannot be sent again, a password reset can.
    const resend = await call(`/api/staff/people/${person.id}/invitation`, { method: 'POST', cookie: staff });
    expect(resend.status).toBe(409);
    expect((await call(`/api/staff/people/${person.id}/password-reset`, { method: 'POST', cookie: staff })).status).toBe(200);
    const [, reset] = await waitForMail(email, 2);
    expect(linkIn(reset!).pathname).toBe('/it-IT/password/reset');
  });

  it('refuses an expired link, and a link voided by a newer invitation', async () => {
    const email = `sara.scaduta.${Date.now()}@example.it`;
    const person = await outcome<PersonDetail>(await create({ firstName: 'Sara', lastName: 'Scaduta', email }));
    const [first] = await waitForMail(email);
    expect((await call(`/api/staff/people/${person.id}/invitation`, { method: 'POST', cookie: staff })).status).toBe(200);
    const [, second] = await waitForMail(email, 2);
    const password = 'una password per il reparto 9';
    const voided = await call('/api/auth/invitation', { method: 'POST', body: { token: linkIn(first!).searchParams.get('t'), password } });
    expect(voided.status).toBe(400);
    expect(await message(voided)).toMatch(/già stato usato o sostituito/);
    await env.DB.prepare('UPDATE invitation SET expires_at = ? WHERE user_id = ? AND voided_at IS NULL')
      .bind(Date.now() - 1, person.id)
      .run();
    const expired = await call('/api/auth/invitation', { method: 'POST', body: { token: linkIn(second!).searchParams.get('t'), password } });
    expect(expired.status).toBe(400);
    expect(await message(expired)).toBe('Questo link di invito è scaduto: chiedi alla segreteria del tuo provider di formazione di mandartene un altro.');
    expect((await env.DB.prepare('SELECT status FROM user WHERE id = ?').bind(person.id).first())?.status).toBe('invited');
  });
});

describe('enrolment from a list', () => {
  const enrolList = (file: string) => call(`/api/staff/courses/${FIXED_COURSE}/enrolments.csv`, { method: 'POST', cookie: staff, ...fileBody(file) });

  it('enrols nobody while a row names nobody, then everyone with an e-mail each', async () => {
    const refused = await outcome<EnrolmentCsvReport>(await enrolList('email\nluca.ferraris\nnessuno@example.it\n'));
    expect(refused).toEqual({
      rows: 2,
      enrolled: 0,
      already: 0,
      errors: [{ row: 3, field: 'login', message: 'Nessuna persona ha il codice utente o l’e-mail «nessuno@example.it».' }],
    });
    const listed = await outcome<EnrolmentCsvReport>(await enrolList('email\nluca.ferraris\nnicolo.dannunzio@asl.example.it\n'));
    expect(listed).toEqual({ rows: 2, enrolled: 2, already: 0, errors: [] });
    const [mail] = await waitForMail('l.ferraris@example.org');
    expect(linkIn(mail!).pathname).toBe(`/it-IT/course/${FIXED_COURSE}`);
  });
});

describe('the registration setting', () => {
  it('closes registration when staff choose invitation only', async () => {
    const put = (mode: string) => call('/api/staff/registration', { method: 'PUT', cookie: staff, body: { mode } });
    expect(await outcome(await put('invitation'))).toEqual({ mode: 'invitation' });
    const register = await call('/api/auth/register', {
      method: 'POST',
      body: { email: 'chi.prova@example.it', password: 'una frase lunga per la corsia 7', firstName: 'Chi', lastName: 'Prova', privacy: '2026-01' },
    });
    expect(register.status).toBe(403);
    expect(await outcome(await put('open'))).toEqual({ mode: 'open' });
  });
});
