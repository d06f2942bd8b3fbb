import { env } from 'cloudflare:workers';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../functions/auth/password.ts';
import { ROLE_PERMISSIONS } from '../../../core/permissions.ts';
import { call, EDITOR, outcome, seedFixtures, signIn, SITE } from '../fixtures.ts';
import { studySession } from '../study.ts';
import { saveSatisfaction } from '../../../functions/data/ecm/records.ts';
import italian from '../../../seed/boilerplate/it-IT.json';
import { answersWith, completeCourse, correctAnswers, ecmUser, FIXED_COURSE, PLAIN_COURSE, seedEcm, VALID_CF } from './ecm-fixtures.ts';

const AUDITOR = { id: 'u-api-auditor', code: 'api.auditor', password: 'Api-Auditor-2026!' };
const LEARNER = ecmUser(9);

beforeAll(async () => {
  await seedFixtures();
  await seedEcm();
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare("INSERT OR REPLACE INTO role VALUES ('auditor', 'Ispettore', 'user', ?)").bind(JSON.stringify(ROLE_PERMISSIONS.auditor)),
    env.DB.prepare(
      "INSERT OR IGNORE INTO user (id, site_id, code, password_hash, first_name, last_name, gender, locale, roles, created_at, updated_at) VALUES (?, ?, ?, ?, 'Marta', 'Ispettori', 'f', 'it-IT', '[\"auditor\"]', ?, ?)",
    ).bind(AUDITOR.id, SITE, AUDITOR.code, await hashPassword(AUDITOR.password, env.PASSWORD_PEPPER, 1000), now, now),
  ]);
  // The learner studies and completes the first session, then fails an attempt.
  await studySession(LEARNER.id, FIXED_COURSE, 1, 1);
  const cookie = await signIn(LEARNER);
  expect((await call(`/api/lms/course/${FIXED_COURSE}/session/1/1/complete`, { method: 'POST', cookie, body: {} })).status).toBe(200);
  await env.DB.prepare('INSERT OR IGNORE INTO session_progress SELECT ?, course_id, module_number, number, ? FROM session WHERE course_id = ?')
    .bind(LEARNER.id, Date.now(), FIXED_COURSE)
    .run();
  const attempt = await (await call(`/api/lms/course/${FIXED_COURSE}/assessment`, { cookie })).json<{ outcome: { attemptId: string } }>();
  const answers = await answersWith(attempt.outcome.attemptId, 3);
  expect(
    (await call(`/api/lms/course/${FIXED_COURSE}/assessment/${attempt.outcome.attemptId}/submit`, { method: 'POST', cookie, body: { answers } })).status,
  ).toBe(200);
});

const records = (cookie: string, file = 'records.csv', course = FIXED_COURSE) => call(`/api/audit/ecm/${course}/${file}`, { cookie });
const answers = (time: number, anomaly = '') => ({ relevance: 5, quality: 4, usefulness: 4, timeAdequacy: time, commercialInfluence: 4, comment: '', anomaly });

describe('the learners’ records, for the inspector and the staff', () => {
  it('lists per learner the tracked time of each session with its times, the attempts with scores, the questionnaire and the certificate', async () => {
    const response = await records(await signIn(AUDITOR));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="registro-1234-5678.csv"');
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'codice_fiscale;cognome;nome;codice_utente;voce;modulo;sessione;titolo;primo_tracciamento;ultimo_tracciamento;minuti_tracciati;completata_il;tentativo;inizio;consegna;risposte_corrette;domande;esito;attestato;minuti_al_rilascio;sessioni_completate_al_rilascio',
    );
    const cells = (line: string) => line.slice(1, -1).split('";"');
    const mine = lines
      .slice(1)
      .map(cells)
      .filter((row) => row[3] === LEARNER.code);
    const time = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;
    // 25 minutes studied, from when to when to the second, then completed.
    const [first, second] = mine.filter((row) => row[4] === 'sessione');
    expect(first?.slice(4, 8)).toEqual(['sessione', '1', '1', 'Le fasi']);
    expect(first?.[8]).toMatch(time);
    expect(first?.[10]).toBe('25.0');
    expect(Date.parse(`${first?.[9]}Z`) - Date.parse(`${first?.[8]}Z`)).toBe(25 * 60_000);
    expect(first?.[11]).toMatch(time);
    // A session without tracked time says so: no times, 0 minutes.
    expect(second?.slice(4, 11)).toEqual(['sessione', '1', '2', 'I codici', '', '', '0.0']);
    const attempt = mine.find((row) => row[4] === 'tentativo');
    expect(attempt?.slice(12)).toEqual(['1', expect.stringMatching(time), expect.stringMatching(time), '3', '18', 'non superato', '', '', '']);
    expect(mine.find((row) => row[4] === 'questionario')?.[17]).toBe('non compilato');
    // Nobody without a trace in the course is listed.
    expect(lines.some((line) => line.includes(ecmUser(10).code))).toBe(false);
  });

  it('as a PDF too', { timeout: 30_000 }, async () => {
    const response = await records(await signIn(AUDITOR), 'records.pdf');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const text = (await extractText(await getDocumentProxy(new Uint8Array(await response.arrayBuffer())), { mergePages: true })).text;
    expect(text).toContain('Registro di tracciamento: Triage');
    expect(text).toContain(`Bianchi Giulia9 (${LEARNER.code})`);
    expect(text).toMatch(/Sessione 1\.1 Le fasi: 25\.0 min, dal \d{4}-/);
    expect(text).toContain('Tentativo 1');
    expect(text).toContain('3/18, non superato');
    expect(text).toContain('Questionario di gradimento: non compilato');
  });

  it('is refused to learners, answers 404 for a course without ECM credits and 400 for another file', async () => {
    expect((await records(await signIn(ecmUser(10)))).status).toBe(403);
    const auditor = await signIn(AUDITOR);
    expect((await records(auditor, 'records.csv', PLAIN_COURSE)).status).toBe(404);
    expect((await records(auditor, 'records.xls')).status).toBe(400);
    expect((await records(await signIn(EDITOR))).status).toBe(200);
  });

  it('covers one edition when asked: its learners, attempts and certificates only; 404 for an edition the course has not', async () => {
    const auditor = await signIn(AUDITOR);
    const codes = async (edition: number) => {
      const response = await records(auditor, `records.csv?edition=${edition}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="registro-1234-5678-${edition}.csv"`);
      return (await response.text()).split('\r\n').slice(1);
    };
    // The learner's attempt was in the edition open today (2); the past edition (1) knows nothing of them.
    const open = (await codes(2)).filter((line) => line.includes(`"${LEARNER.code}"`));
    expect(open.some((line) => line.includes('"tentativo"'))).toBe(true);
    expect((await codes(1)).filter((line) => line.includes(`"${LEARNER.code}"`))).toEqual([]);
    const missing = await records(auditor, 'records.csv?edition=9');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toMatch(/9/);
  });
});

describe('the questionnaire’s totals', () => {
  it('count each answer of each item of the perceived-quality form, with the anomalies reported, and name no learner', async () => {
    await env.DB.batch(
      Object.entries(italian as Record<string, string>)
        .filter(([key]) => key.startsWith('satisfaction.'))
        .map(([key, text]) => env.DB.prepare('INSERT OR IGNORE INTO boilerplate VALUES (?, ?, ?, ?)').bind(SITE, key, 'it-IT', text)),
    );
    for (const [i, entry] of [answers(1, 'Il video del modulo 2 si interrompe a metà.'), answers(3), answers(3), answers(5)].entries()) {
      const learner = ecmUser(11 + i);
      await saveSatisfaction(env.DB, { id: `q-${i}`, siteId: SITE, userId: learner.id, courseId: FIXED_COURSE, edition: 2, month: '2026-11', answers: entry });
    }
    const response = await records(await signIn(AUDITOR), 'questionnaire.csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="questionario-1234-5678.csv"');
    const text = await response.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('voce;domanda;punto;risposta;risposte;percentuale');
    const time = lines.filter((line) => line.startsWith('"timeAdequacy"'));
    expect(time).toEqual([
      '"timeAdequacy";"Il tempo che ha dedicato ad acquisire le informazioni contenute nel programma, rispetto alle ore previste, è stato:";"1";"Molto inferiore";"1";"25,0"',
      expect.stringContaining('"2";"Poco inferiore";"0";"0,0"'),
      expect.stringContaining('"3";"Uguale";"2";"50,0"'),
      expect.stringContaining('"4";"Poco superiore";"0";"0,0"'),
      expect.stringContaining('"5";"Molto superiore";"1";"25,0"'),
    ]);
    expect(lines).toContain('"questionari";"Questionari compilati";"";"";"4";""');
    expect(lines).toContain('"anomalia";"2026-11";"";"Il video del modulo 2 si interrompe a metà.";"";""');
    for (let i = 11; i <= 14; i++) expect(text).not.toContain(ecmUser(i).code);
    expect((await records(await signIn(ecmUser(10)), 'questionnaire.csv')).status).toBe(403);
  });
  it('of one edition when asked: the answers given in it only', async () => {
    const auditor = await signIn(AUDITOR);
    const timeLine = async (edition: number) => {
      const text = await (await records(auditor, `questionnaire.csv?edition=${edition}`)).text();
      return text.split('\r\n').find((line) => line.startsWith('"timeAdequacy"') && line.includes('"Uguale"'));
    };
    expect(await timeLine(2)).toContain('"3";"Uguale";"2";"50,0"');
    expect(await timeLine(1)).toContain('"3";"Uguale";"0"');
  });
});

describe('the auditor reads and writes nothing', () => {
  it('reads courses and the registry reports', async () => {
    const cookie = await signIn(AUDITOR);
    expect((await call(`/api/lms/course/${FIXED_COURSE}`, { cookie })).status).toBe(200);
    expect((await call(`/api/cms/ecm/${FIXED_COURSE}/participants.csv`, { cookie })).status).toBe(200);
  });

  it('gets 403 on every write: progress, profile, assessment, content, people', async () => {
    const cookie = await signIn(AUDITOR);
    const writes: [string, string, unknown][] = [
      ['POST', `/api/lms/course/${FIXED_COURSE}/session/1/1/complete`, {}],
      ['PUT', `/api/lms/course/${FIXED_COURSE}/session/1/2/position`, { seconds: 10 }],
      ['PUT', '/api/auth/user', { phone: '+390600000000' }],
      ['PUT', '/api/lms/ecm/profile', { fiscalCode: 'BNCGLI88C52F205X', professionId: 'infermiere', disciplineId: 'infermiere' }],
      ['POST', `/api/lms/course/${FIXED_COURSE}/satisfaction`, {}],
      ['PUT', '/api/cms/documents/content/it-IT/chi-siamo', { title: 'x' }],
      ['POST', '/api/cms/publish', {}],
      ['PUT', `/api/staff/courses/${FIXED_COURSE}/access`, { mode: 'enrolment' }],
    ];
    for (const [method, path, body] of writes) {
      const response = await call(path, { method, cookie, body });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM session_progress WHERE user_id = ?').bind(AUDITOR.id).first('n')).toBe(0);
  });
});

describe('a certificate whose learner deleted their account', () => {
  it('keeps, beside the certificate, the minutes and completed sessions recorded at issue, not the 0 of the erased tracking', { timeout: 30_000 }, async () => {
    const learner = ecmUser(8);
    await studySession(learner.id, FIXED_COURSE, 1, 1);
    await completeCourse(learner.id, FIXED_COURSE);
    const sessions = Number(await env.DB.prepare('SELECT COUNT(*) AS n FROM session WHERE course_id = ? AND removed_at IS NULL').bind(FIXED_COURSE).first('n'));
    const cookie = await signIn(learner);
    const attempt = await (await call(`/api/lms/course/${FIXED_COURSE}/assessment`, { cookie })).json<{ outcome: { attemptId: string } }>();
    const correct = await correctAnswers(attempt.outcome.attemptId);
    expect(
      (await call(`/api/lms/course/${FIXED_COURSE}/assessment/${attempt.outcome.attemptId}/submit`, { method: 'POST', cookie, body: { answers: correct } }))
        .status,
    ).toBe(200);
    const profile = { fiscalCode: VALID_CF, professionId: '01', disciplineId: '003', employment: 'D' };
    expect((await call('/api/lms/ecm/profile', { method: 'PUT', cookie, body: profile })).status).toBe(200);
    const { certificate } = await outcome<{ certificate: string | null }>(
      await call(`/api/lms/course/${FIXED_COURSE}/satisfaction`, { method: 'POST', cookie, body: answers(3) }),
    );
    expect(certificate).toMatch(/^[A-Z2-7]{34}$/);
    expect((await call('/api/auth/user/delete', { method: 'POST', cookie, body: { confirm: learner.password } })).status).toBe(200);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM hit WHERE user_id = ?').bind(learner.id).first('n')).toBe(0);

    const auditor = await signIn(AUDITOR);
    const lines = (await (await records(auditor)).text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const header = lines[0]?.split(';') ?? [];
    const rows = lines
      .slice(1)
      .map((line) => line.slice(1, -1).split('";"'))
      .filter((row) => row[3] === `deleted-${learner.id}`);
    const cell = (row: string[] | undefined, column: string) => row?.[header.indexOf(column)];
    const issued = rows.find((row) => cell(row, 'voce') === 'attestato');
    expect(cell(issued, 'attestato')).toBe(certificate);
    // Named as its certificate names them (what the registry keeps), not as a blank row.
    const holder = await env.DB.prepare('SELECT first_name AS first, last_name AS last FROM ecm_certificate WHERE code = ?')
      .bind(certificate)
      .first<{ first: string; last: string }>();
    expect(holder?.last).toBeTruthy();
    expect(rows.every((row) => cell(row, 'cognome') === holder?.last && cell(row, 'nome') === holder?.first && cell(row, 'codice_fiscale') === VALID_CF)).toBe(
      true,
    );
    expect(cell(issued, 'minuti_al_rilascio')).toBe('25.0');
    expect(cell(issued, 'sessioni_completate_al_rilascio')).toBe(String(sessions));
    // Its tracking went with the account: no session lines of 0 minutes, a line that says why.
    expect(rows.filter((row) => cell(row, 'voce') === 'sessione')).toEqual([]);
    expect(
      cell(
        rows.find((row) => cell(row, 'voce') === 'account'),
        'esito',
      ),
    ).toMatch(/^account eliminato il \d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);

    const pdf = await records(auditor, 'records.pdf');
    const text = (await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), { mergePages: true })).text;
    expect(text).toContain(`${holder?.last} ${holder?.first} (deleted-${learner.id}) - CF ${VALID_CF}`);
    expect(text).toContain(`Attestato ${certificate}`);
    expect(text).toContain(`Al rilascio: 25.0 min tracciati, ${sessions} sessioni completate`);
    expect(text).toMatch(/Account eliminato il \d{4}-/);
  });
});
