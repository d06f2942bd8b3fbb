import { env } from 'cloudflare:workers';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Assessment, AssessmentResult, CertificateSummary, EcmStatus } from '../../../core/contracts/ecm.ts';
import { call, EDITOR, outcome, seedFixtures, signIn, SITE, TESTER } from '../fixtures.ts';
import {
  answersWith,
  bank,
  completeCourse,
  correctAnswers,
  DRAW_COURSE,
  ecmUser,
  FIXED_COURSE,
  OPEN_EDITION,
  PLAIN_COURSE,
  seedEcm,
  VALID_CF,
  fiscalCode,
} from './ecm-fixtures.ts';

beforeAll(async () => {
  await seedFixtures();
  await seedEcm();
});

const assessment = (course = FIXED_COURSE) => `/api/lms/course/${course}/assessment`;
const json = (response: Response) => response.json<{ statusCode: number; message: string }>();

async function open(cookie: string, course = FIXED_COURSE, locale = 'it-IT'): Promise<Assessment> {
  const response = await call(assessment(course), { cookie, locale });
  expect(response.status).toBe(200);
  return outcome<Assessment>(response);
}

async function submit(cookie: string, attempt: Assessment, answers: Record<string, string>, course = FIXED_COURSE): Promise<Response> {
  return call(`${assessment(course)}/${attempt.attemptId}/submit`, { method: 'POST', cookie, body: { answers } });
}

async function attemptRow(id: string) {
  return env.DB.prepare('SELECT answers, submitted_at AS submittedAt FROM ecm_attempt WHERE id = ?')
    .bind(id)
    .first<{ answers: string; submittedAt: number | null }>();
}

/** A learner who has passed the fixed course. */
async function passedLearner(n: number): Promise<{ cookie: string; user: ReturnType<typeof ecmUser> }> {
  const user = ecmUser(n);
  await completeCourse(user.id, FIXED_COURSE);
  const cookie = await signIn(user);
  const attempt = await open(cookie);
  const result = await outcome<AssessmentResult>(await submit(cookie, attempt, await correctAnswers(attempt.attemptId)));
  expect(result.passed).toBe(true);
  return { cookie, user };
}

const SATISFACTION = { relevance: 5, quality: 4, usefulness: 4, timeAdequacy: 3, commercialInfluence: 4, comment: 'Utile e chiaro, grazie.' };
const PROFILE = { fiscalCode: VALID_CF.toLowerCase(), professionId: '01', disciplineId: '003', employment: 'D' };

describe('opening the assessment', () => {
  it('needs a session, an ECM course and every session complete', async () => {
    expect((await call(assessment())).status).toBe(401);
    const user = ecmUser(1);
    const cookie = await signIn(user);
    const unknown = await call(assessment('inesistente'), { cookie });
    expect(unknown.status).toBe(404);
    const plain = await call(assessment(PLAIN_COURSE), { cookie, locale: 'en-US' });
    expect(plain.status).toBe(404);
    expect((await json(plain)).message).toBe('The course "no-ecm" has no ECM credits and no learning assessment.');

    await env.DB.prepare("INSERT INTO session_progress VALUES (?, 'triage', 1, 1, ?)").bind(user.id, Date.now()).run();
    const early = await call(assessment(), { cookie });
    expect(early.status).toBe(409);
    expect(await json(early)).toMatchObject({
      statusCode: 409,
      message: 'La verifica si apre quando tutte le sessioni sono completate: da completare 2 su 3.',
    });
    const none = await env.DB.prepare('SELECT COUNT(*) AS n FROM ecm_attempt WHERE user_id = ?').bind(user.id).first<{ n: number }>();
    expect(none?.n).toBe(0);
    const status = await outcome<EcmStatus>(await call(`/api/lms/course/${FIXED_COURSE}/ecm`, { cookie }));
    expect(status).toMatchObject({ step: 'sessions', sessions: { done: 1, total: 3 }, credits: 6 });
  });

  it('with the site time rule on, tells how many minutes of tracked learning are missing', async () => {
    const user = ecmUser(2);
    await completeCourse(user.id, FIXED_COURSE);
    const cookie = await signIn(user);
    await env.DB.prepare('UPDATE ecm_site SET min_time_share = 0.5 WHERE site_id = ?').bind(SITE).run();
    try {
      // Declared duration 1h 16m 15s: half is 38 min 7.5 s; 30 minutes tracked leave 9 (rounded up).
      await env.DB.prepare(
        "INSERT INTO hit (site_id, user_id, identity, ua, origin, path, ms, device, course_id, created_at) VALUES (?, ?, 't', 'ua', 'web', '/x', ?, 'linux', 'triage', ?)",
      )
        .bind(SITE, user.id, 30 * 60_000, Date.now())
        .run();
      const refused = await call(assessment(), { cookie });
      expect(refused.status).toBe(409);
      expect((await json(refused)).message).toBe('La verifica si apre dopo un tempo minimo di studio nel corso: ancora 9 min.');
      await env.DB.prepare(
        "INSERT INTO hit (site_id, user_id, identity, ua, origin, path, ms, device, course_id, created_at) VALUES (?, ?, 't', 'ua', 'web', '/x', ?, 'linux', 'triage', ?)",
      )
        .bind(SITE, user.id, 9 * 60_000, Date.now())
        .run();
      expect((await call(assessment(), { cookie })).status).toBe(200);
    } finally {
      await env.DB.prepare('UPDATE ecm_site SET min_time_share = NULL WHERE site_id = ?').bind(SITE).run();
    }
  });

  it('gives 3 questions per credit with 4 options each, never which one is correct, and resumes the same attempt', async () => {
    const user = ecmUser(3);
    await completeCourse(user.id, FIXED_COURSE);
    const cookie = await signIn(user);
    const response = await call(assessment(), { cookie });
    const text = await response.clone().text();
    const first = await outcome<Assessment>(response);
    expect(first.questions).toHaveLength(18);
    expect(first.questions.every((question) => question.options.length === 4)).toBe(true);
    expect(first).toMatchObject({ attemptsUsed: 0, attemptsLeft: 5, answers: {} });
    expect(text).not.toMatch(/correct/i);
    expect(Object.keys(first.questions[0] ?? {}).sort()).toEqual(['id', 'options', 'text']);

    const answers = Object.fromEntries(first.questions.slice(0, 5).map((question) => [question.id, question.options[2]?.id ?? '']));
    const saved = await call(`${assessment()}/${first.attemptId}`, { method: 'PUT', cookie, body: { answers } });
    expect(await outcome(saved)).toEqual({ saved: 5 });
    const resumed = await open(cookie);
    expect(resumed.attemptId).toBe(first.attemptId);
    expect(resumed.questions.map((q) => q.id)).toEqual(first.questions.map((q) => q.id));
    expect(resumed.answers).toEqual(answers);
  });

  it("serves the bank of the learner's locale", async () => {
    const user = ecmUser(4);
    await completeCourse(user.id, FIXED_COURSE);
    const english = await open(await signIn(user), FIXED_COURSE, 'en-US');
    expect(english.questions.every((question) => question.id.startsWith('e'))).toBe(true);
  });
});

describe('answers and refusals: 4xx and nothing written', () => {
  it("refuses another learner's attempt, unknown questions and options, and an incomplete submit", async () => {
    const owner = ecmUser(5);
    await completeCourse(owner.id, FIXED_COURSE);
    const cookie = await signIn(owner);
    const attempt = await open(cookie);
    const before = await attemptRow(attempt.attemptId);
    const first = attempt.questions[0];
    if (!first) throw new Error('no question');

    const intruder = await signIn(ecmUser(6));
    const stolen = await call(`${assessment()}/${attempt.attemptId}`, {
      method: 'PUT',
      cookie: intruder,
      body: { answers: { [first.id]: first.options[0]?.id } },
    });
    expect(stolen.status).toBe(404);
    expect((await submit(intruder, attempt, {})).status).toBe(404);

    const foreign = await call(`${assessment()}/${attempt.attemptId}`, { method: 'PUT', cookie, body: { answers: { q999: first.options[0]?.id } } });
    expect(foreign.status).toBe(400);
    expect((await json(foreign)).message).toBe('La domanda «q999» non fa parte di questo tentativo.');
    const badOption = await call(`${assessment()}/${attempt.attemptId}`, { method: 'PUT', cookie, body: { answers: { [first.id]: 'abcdef' } } });
    expect(badOption.status).toBe(400);
    const malformed = await call(`${assessment()}/${attempt.attemptId}`, { method: 'PUT', cookie, body: { answers: 'tutte giuste' } });
    expect(malformed.status).toBe(400);
    expect((await call(`${assessment()}/not-an-attempt`, { method: 'PUT', cookie, body: { answers: {} } })).status).toBe(400);

    const partial = await submit(cookie, attempt, { [first.id]: first.options[0]?.id ?? '' });
    expect(partial.status).toBe(400);
    expect((await json(partial)).message).toBe('Rispondi a tutte le domande prima di consegnare: ne mancano 17.');
    // One question left: the singular, in each language.
    const allButOne = Object.fromEntries(Object.entries(await correctAnswers(attempt.attemptId)).filter(([id]) => id !== first.id));
    for (const [locale, message] of [
      ['it-IT', 'Rispondi a tutte le domande prima di consegnare: ne manca 1.'],
      ['en-US', 'Answer every question before submitting: 1 still unanswered.'],
      ['de-DE', 'Beantworten Sie vor der Abgabe alle Fragen: 1 ist noch offen.'],
    ] as const) {
      const oneLeft = await call(`${assessment()}/${attempt.attemptId}/submit`, { method: 'POST', cookie, locale, body: { answers: allButOne } });
      expect(oneLeft.status).toBe(400);
      expect((await json(oneLeft)).message).toBe(message);
    }
    expect(await attemptRow(attempt.attemptId)).toEqual(before);
  });

  it('after a failed attempt tells the score only, keeps the review closed, and a closed attempt cannot change', async () => {
    const user = ecmUser(7);
    await completeCourse(user.id, FIXED_COURSE);
    const cookie = await signIn(user);
    const attempt = await open(cookie);
    // 13 of 18 is 72 %: under 75 %.
    const response = await submit(cookie, attempt, await answersWith(attempt.attemptId, 13));
    const body = await response.clone().text();
    // The score and the sessions the wrong answers come from (review.test.ts), nothing of the answers.
    expect(await outcome<AssessmentResult>(response)).toMatchObject({ correct: 13, total: 18, score: 72, passed: false, attemptsLeft: 4 });
    expect(body).not.toMatch(/"correct":"|options/);
    const submittedAt = new Date((await attemptRow(attempt.attemptId))?.submittedAt ?? 0).toISOString();
    const status = await outcome<EcmStatus>(await call(`/api/lms/course/${FIXED_COURSE}/ecm`, { cookie }));
    expect(status.lastResult).toEqual({ correct: 13, total: 18, score: 72, passed: false, submittedAt });
    const review = await call(`${assessment()}/review`, { cookie });
    expect(review.status).toBe(403);
    expect((await submit(cookie, attempt, await correctAnswers(attempt.attemptId))).status).toBe(409);
    expect((await call(`${assessment()}/${attempt.attemptId}`, { method: 'PUT', cookie, body: { answers: {} } })).status).toBe(409);
  });

  it('reorders questions and options at every attempt, and stops after 5 attempts with the same questions', async () => {
    const user = ecmUser(8);
    await completeCourse(user.id, FIXED_COURSE);
    const cookie = await signIn(user);
    const seen: Assessment[] = [];
    for (let i = 0; i < 5; i++) {
      const attempt = await open(cookie);
      expect(attempt).toMatchObject({ attemptsUsed: i, attemptsLeft: 5 - i });
      seen.push(attempt);
      const result = await outcome<AssessmentResult>(await submit(cookie, attempt, await answersWith(attempt.attemptId, 0)));
      expect(result).toMatchObject({ passed: false, correct: 0, attemptsLeft: 4 - i });
    }
    for (const [i, attempt] of seen.entries()) {
      if (i === 0) continue;
      const previous = seen[i - 1] as Assessment;
      expect(new Set(attempt.questions.map((q) => q.id))).toEqual(new Set(previous.questions.map((q) => q.id)));
      expect(attempt.questions.map((q) => q.id)).not.toEqual(previous.questions.map((q) => q.id));
      const texts = (a: Assessment, id: string) => a.questions.find((q) => q.id === id)?.options.map((o) => o.text);
      for (const question of attempt.questions) expect(texts(attempt, question.id)).not.toEqual(texts(previous, question.id));
    }
    const sixth = await call(assessment(), { cookie });
    expect(sixth.status).toBe(409);
    expect((await json(sixth)).message).toBe('Hai usato tutti i 5 tentativi consentiti per questa verifica.');
    const count = await env.DB.prepare('SELECT COUNT(*) AS n FROM ecm_attempt WHERE user_id = ?').bind(user.id).first<{ n: number }>();
    expect(count?.n).toBe(5);
    expect((await submit(cookie, seen[4] as Assessment, await correctAnswers((seen[4] as Assessment).attemptId))).status).toBe(409);
  });

  it('draw mode: unlimited attempts, each with questions the previous one did not ask', async () => {
    const user = ecmUser(9);
    await completeCourse(user.id, DRAW_COURSE);
    const cookie = await signIn(user);
    let previous: Assessment | null = null;
    for (let i = 0; i < 7; i++) {
      const attempt = await open(cookie, DRAW_COURSE);
      expect(attempt.questions).toHaveLength(3);
      expect(attempt.attemptsLeft).toBeNull();
      if (previous) {
        const before = new Set(previous.questions.map((q) => q.id));
        expect(attempt.questions.filter((q) => before.has(q.id))).toEqual([]);
      }
      expect((await outcome<AssessmentResult>(await submit(cookie, attempt, await answersWith(attempt.attemptId, 0), DRAW_COURSE))).attemptsLeft).toBeNull();
      previous = attempt;
    }
  });
});

describe('passing, questionnaire and certificate', () => {
  it('passes at 75 %, then reviews the correct answers, and cannot start again', async () => {
    const user = ecmUser(10);
    await completeCourse(user.id, FIXED_COURSE);
    const cookie = await signIn(user);
    // 20 questions: 15 right is exactly 75 %.
    await env.DB.prepare('UPDATE ecm_bank SET questions = ? WHERE course_id = ? AND locale = ?')
      .bind(JSON.stringify(bank(20)), FIXED_COURSE, 'de-DE')
      .run();
    await env.DB.prepare('INSERT OR REPLACE INTO ecm_bank VALUES (?, ?, ?, ?)')
      .bind(FIXED_COURSE, 'de-DE', JSON.stringify(bank(20, 'd')), Date.now())
      .run();
    const attempt = await open(cookie, FIXED_COURSE, 'de-DE');
    expect(attempt.questions).toHaveLength(20);
    const answers = await answersWith(attempt.attemptId, 15);
    const result = await outcome<AssessmentResult>(await submit(cookie, attempt, answers));
    const submittedAt = new Date((await attemptRow(attempt.attemptId))?.submittedAt ?? 0).toISOString();
    expect(result).toEqual({ correct: 15, total: 20, score: 75, passed: true, attemptsLeft: 0, review: [], submittedAt });
    // Coming back later, the status still tells the passed attempt's result and when it was submitted (the ECM page shows it).
    const status = await outcome<EcmStatus>(await call(`/api/lms/course/${FIXED_COURSE}/ecm`, { cookie }));
    expect(status.lastResult).toEqual({ correct: 15, total: 20, score: 75, passed: true, submittedAt });
    const review = await outcome<{ questions: { id: string; answer: string; correct: string }[] }>(await call(`${assessment()}/review`, { cookie }));
    expect(review.questions).toHaveLength(20);
    expect(review.questions.filter((q) => q.answer === q.correct)).toHaveLength(15);
    const again = await call(assessment(), { cookie });
    expect(again.status).toBe(409);
    expect((await json(again)).message).toBe('Hai già superato la verifica di questo corso.');
  });

  it('the questionnaire needs a pass, is stored without the learner, once; the certificate waits for the registry fields', async () => {
    const early = ecmUser(11);
    await completeCourse(early.id, FIXED_COURSE);
    const earlyCookie = await signIn(early);
    expect((await call(`/api/lms/course/${FIXED_COURSE}/satisfaction`, { method: 'POST', cookie: earlyCookie, body: SATISFACTION })).status).toBe(409);
    expect(await outcome(await call(`/api/lms/course/${FIXED_COURSE}/satisfaction`, { cookie: earlyCookie }))).toMatchObject({ available: false, done: false });

    const { cookie, user } = await passedLearner(12);
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM ecm_satisfaction').first<{ n: number }>();
    expect((await call(`/api/lms/course/${FIXED_COURSE}/satisfaction`, { method: 'POST', cookie, body: { ...SATISFACTION, relevance: 6 } })).status).toBe(400);
    expect((await call(`/api/lms/course/${FIXED_COURSE}/certificate`, { method: 'POST', cookie })).status).toBe(409);
    const answered = await outcome<{ certificate: string | null; missingProfile: string[] }>(
      await call(`/api/lms/course/${FIXED_COURSE}/satisfaction`, { method: 'POST', cookie, body: SATISFACTION }),
    );
    expect(answered).toEqual({ done: true, certificate: null, missingProfile: ['fiscalCode', 'professionId', 'disciplineId', 'employment'] });
    const rows = await env.DB.prepare('SELECT * FROM ecm_satisfaction').all<Record<string, unknown>>();
    expect(rows.results.length).toBe((before?.n ?? 0) + 1);
    const stored = rows.results.find((row) => row.comment === SATISFACTION.comment) ?? {};
    expect(Object.keys(stored).sort()).toEqual([
      'anomaly',
      'comment',
      'commercial_influence',
      'course_id',
      'edition',
      'id',
      'month',
      'quality',
      'relevance',
      'site_id',
      'time_adequacy',
      'usefulness',
    ]);
    expect(JSON.stringify(stored)).not.toContain(user.id);
    expect((await call(`/api/lms/course/${FIXED_COURSE}/satisfaction`, { method: 'POST', cookie, body: SATISFACTION })).status).toBe(409);

    const missing = await call(`/api/lms/course/${FIXED_COURSE}/certificate`, { method: 'POST', cookie });
    expect(missing.status).toBe(409);
    expect((await json(missing)).message).toBe("Per rilasciare l'attestato mancano questi dati: codice fiscale, professione, disciplina, rapporto di lavoro.");
  });

  it('checks the codice fiscale with its check character and the discipline against the profession', async () => {
    const cookie = await signIn(ecmUser(12));
    const wrongCheck = await call('/api/lms/ecm/profile', { method: 'PUT', cookie, body: { ...PROFILE, fiscalCode: 'BNCGLI88C52F205Y' } });
    expect(wrongCheck.status).toBe(400);
    expect((await json(wrongCheck)).message).toContain('carattere di controllo');
    expect((await call('/api/lms/ecm/profile', { method: 'PUT', cookie, body: { ...PROFILE, fiscalCode: 'NONVALIDO' } })).status).toBe(400);
    // Nursing (085) is not a physician's discipline; 99 is no profession of the registry; the slugs of old are gone.
    expect((await call('/api/lms/ecm/profile', { method: 'PUT', cookie, body: { ...PROFILE, disciplineId: '085' } })).status).toBe(400);
    expect((await call('/api/lms/ecm/profile', { method: 'PUT', cookie, body: { ...PROFILE, professionId: '99' } })).status).toBe(400);
    expect((await call('/api/lms/ecm/profile', { method: 'PUT', cookie, body: { ...PROFILE, professionId: 'medico-chirurgo' } })).status).toBe(400);
    expect((await call('/api/lms/ecm/profile', { method: 'PUT', cookie, body: { ...PROFILE, employment: 'X' } })).status).toBe(400);
    const profile = await outcome(await call('/api/lms/ecm/profile', { method: 'PUT', cookie, body: PROFILE }));
    expect(profile).toEqual({ fiscalCode: VALID_CF, professionId: '01', disciplineId: '003', employment: 'D' });
    // The registry's whole table: 30 professions, the physician's 69 disciplines among them.
    const lists = await outcome<{ professions: { id: string; name: string; disciplines: { id: string; name: string }[] }[] }>(
      await call('/api/lms/ecm/profile', { cookie }),
    );
    expect(lists.professions).toHaveLength(30);
    expect(lists.professions[0]).toMatchObject({ id: '01', name: 'Medico chirurgo' });
    expect(lists.professions[0]?.disciplines).toHaveLength(69);
    expect(lists.professions[0]?.disciplines).toContainEqual({ id: '117', name: 'Medicina subacquea e iperbarica' });
    expect(lists.professions.find((p) => p.id === '14')?.disciplines).toEqual([{ id: '085', name: 'Infermiere' }]);
  });

  it('issues one certificate, lists it, and gives its PDF to its owner only', async () => {
    const cookie = await signIn(ecmUser(12));
    const issued = await outcome<CertificateSummary>(await call(`/api/lms/course/${FIXED_COURSE}/certificate`, { method: 'POST', cookie }));
    expect(issued).toMatchObject({ courseId: FIXED_COURSE, credits: 6, courseTitle: 'Triage' });
    expect(issued.code).toMatch(/^[A-Z2-7]{34}$/);
    const again = await outcome<CertificateSummary>(await call(`/api/lms/course/${FIXED_COURSE}/certificate`, { method: 'POST', cookie }));
    expect(again.code).toBe(issued.code);
    const list = await outcome<CertificateSummary[]>(await call('/api/lms/certificates', { cookie }));
    expect(list).toEqual([expect.objectContaining({ code: issued.code, courseId: FIXED_COURSE, credits: 6, issuedAt: issued.issuedAt })]);

    const pdf = await call(`/api/lms/certificates/${issued.code}.pdf`, { cookie });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const document = await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer()));
    const { text } = await extractText(document, { mergePages: true });
    for (const part of [
      'Giulia12 Bianchi',
      VALID_CF,
      'Medico chirurgo',
      'Cardiologia',
      'Triage',
      '1234-5678',
      'Tiles Formazione Sanitaria Srl',
      'Provider ECM n. 1234',
      issued.code,
      `/it-IT/verifica-attestato/${issued.code}`,
      // The edition, its hours and objective, the credits in figures and words, the legal representative.
      'Edizione 2',
      'Durata: 6 ore',
      'Obiettivo formativo nazionale 18: Contenuti tecnico-professionali',
      'ha conseguito 6 (sei) crediti formativi ECM',
      'Il legale rappresentante',
      'Maria Colombo',
    ]) {
      expect(text).toContain(part);
    }
    const day = (iso: string) => iso.split('-').reverse().join('/');
    expect(text).toContain(`Edizione dal ${day(OPEN_EDITION.startsOn)} al ${day(OPEN_EDITION.endsOn)}`);

    // An English or German certificate spells the credits in its own language, not in Italian (the
    // test site's sentences around them are Italian only).
    for (const [locale, words] of [
      ['en-US', ' 6 (six) '],
      ['de-DE', ' 6 (sechs) '],
    ] as const) {
      const translated = await call(`/api/lms/certificates/${issued.code}.pdf?locale=${locale}`, { cookie });
      const { text: translatedText } = await extractText(await getDocumentProxy(new Uint8Array(await translated.arrayBuffer())), { mergePages: true });
      expect(translatedText).toContain(words);
    }

    const other = await signIn(ecmUser(1));
    expect((await call(`/api/lms/certificates/${issued.code}.pdf`, { cookie: other })).status).toBe(404);
    expect(await outcome(await call('/api/lms/certificates', { cookie: other }))).toEqual([]);
    const forged = `${issued.code.slice(0, 26)}AAAAAAAA`;
    expect((await call(`/api/lms/certificates/${forged}.pdf`, { cookie })).status).toBe(404);
    expect((await call(`/api/lms/certificates/${issued.code}.pdf`)).status).toBe(401);
    const status = await outcome<EcmStatus>(await call(`/api/lms/course/${FIXED_COURSE}/ecm`, { cookie }));
    expect(status).toMatchObject({ step: 'done', certificate: { code: issued.code } });
  }, 20_000);
});

describe('a site without a provider', () => {
  it('keeps the questionnaire, refuses the certificate with the reason, and issues it once the provider is set', async () => {
    const { cookie } = await passedLearner(14);
    // Her own code: one account per codice fiscale (an omocodia variant of learner 12's).
    const saved = await call('/api/lms/ecm/profile', { method: 'PUT', cookie, body: { ...PROFILE, fiscalCode: fiscalCode('BNCGLI88C52F20R') } });
    expect(saved.status).toBe(200);
    const provider = await env.DB.prepare('SELECT * FROM ecm_site WHERE site_id = ?').bind(SITE).first<Record<string, string | null>>();
    await env.DB.prepare('DELETE FROM ecm_site WHERE site_id = ?').bind(SITE).run();
    try {
      const answered = await outcome(await call(`/api/lms/course/${FIXED_COURSE}/satisfaction`, { method: 'POST', cookie, body: SATISFACTION }));
      expect(answered).toEqual({ done: true, certificate: null, missingProfile: [] });
      const refused = await call(`/api/lms/course/${FIXED_COURSE}/certificate`, { method: 'POST', cookie, locale: 'en-US' });
      expect(refused.status).toBe(503);
      expect((await json(refused)).message).toBe('This site has no ECM provider configured: the certificate cannot be issued.');
      expect(await outcome(await call('/api/lms/certificates', { cookie }))).toEqual([]);
      expect(await outcome<EcmStatus>(await call(`/api/lms/course/${FIXED_COURSE}/ecm`, { cookie }))).toMatchObject({
        step: 'certificate',
        satisfactionDone: true,
      });
    } finally {
      await env.DB.prepare(
        'INSERT INTO ecm_site (site_id, provider_id, provider_name, accreditation_code, legal_representative, min_time_share) VALUES (?, ?, ?, ?, ?, ?)',
      )
        .bind(
          SITE,
          provider?.provider_id ?? '',
          provider?.provider_name ?? '',
          provider?.accreditation_code ?? null,
          provider?.legal_representative ?? null,
          provider?.min_time_share ?? null,
        )
        .run();
    }
    expect((await call(`/api/lms/course/${FIXED_COURSE}/certificate`, { method: 'POST', cookie })).status).toBe(200);
  });
});

describe('participants report', () => {
  it('is for editors: CSV and the registry XML of the current edition, with the registry codes of every credited participant', async () => {
    const learner = await signIn(ecmUser(12));
    expect((await call(`/api/cms/ecm/${FIXED_COURSE}/participants.csv`, { cookie: learner })).status).toBe(403);
    expect((await call(`/api/cms/ecm/${FIXED_COURSE}/participants.csv`, { cookie: await signIn(TESTER) })).status).toBe(403);
    const editor = await signIn(EDITOR);
    // Certificates issued before 0033 made codes unique may share one: learner 14's carries learner 12's.
    await env.DB.prepare("UPDATE ecm_certificate SET fiscal_code = ? WHERE user_id = 'u-ecm-14'").bind(VALID_CF).run();
    const csv = await call(`/api/cms/ecm/${FIXED_COURSE}/participants.csv`, { cookie: editor });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('partecipanti-1234-5678-2.csv');
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('cod_fisc;nome;cognome;cod_prof;professione;disciplina;nome_disciplina;ruolo;lib_dip;part_reclutato;sponsor;cred_acq;data_acq');
    // Learners 12 and 14 are certified in the course (see above), nobody else.
    expect(lines.slice(1)).toHaveLength(2);
    expect(lines.slice(1)).toContainEqual(
      expect.stringMatching(
        new RegExp(`^"${VALID_CF}";"Giulia12";"Bianchi";"01";"Medico chirurgo";"003";"Cardiologia";"P";"D";"0";"";"6,0";"\\d{4}-\\d{2}-\\d{2}"$`),
      ),
    );
    const xml = await call(`/api/cms/ecm/${FIXED_COURSE}/participants.xml`, { cookie: editor });
    expect(xml.headers.get('content-type')).toBe('application/xml; charset=ISO-8859-1');
    const text = new TextDecoder('latin1').decode(await xml.arrayBuffer());
    expect(text).toMatch(
      /^<\?xml version="1\.0" encoding="ISO-8859-1"\?>\n<dataroot>\n  <evento cod_evento="1234-5678" cod_edi="2" cod_org="1234" cod_accr="000" data_ini="\d{4}-\d{2}-\d{2}" data_fine="\d{4}-\d{2}-\d{2}" crediti="6\.0" ore="6" tipo_form="1" tipo_eve="E" cod_obi="18" num_part="1" cod_tipologia_form="1">/,
    );
    // Learners 12 and 14's certificates carry the same codice fiscale: the registry takes one participant per code.
    expect(text.match(/<partecipante /g)).toHaveLength(1);
    expect(text).toContain(
      `<partecipante cod_fisc="${VALID_CF}" nome="Giulia" cognome="Bianchi" ruolo="P" lib_dip="D" part_reclutato="0" cred_acq="6.0" data_acq="`,
    );
    expect(text).toContain('<professione cod_prof="01">\n        <disciplina>003</disciplina>\n      </professione>');
    expect((await call(`/api/cms/ecm/${FIXED_COURSE}/participants.pdf`, { cookie: editor })).status).toBe(400);
    expect((await call(`/api/cms/ecm/${PLAIN_COURSE}/participants.csv`, { cookie: editor })).status).toBe(404);
  });

  it('takes the edition as a query parameter: an earlier edition has its own (empty) report, an unknown one is a 404', async () => {
    const editor = await signIn(EDITOR);
    const past = new TextDecoder('latin1').decode(
      await (await call(`/api/cms/ecm/${FIXED_COURSE}/participants.xml?edition=1`, { cookie: editor })).arrayBuffer(),
    );
    expect(past).toContain('cod_edi="1"');
    expect(past).toContain('num_part="0"');
    expect(past).not.toContain('<partecipante');
    const unknown = await call(`/api/cms/ecm/${FIXED_COURSE}/participants.xml?edition=7`, { cookie: editor, locale: 'en-US' });
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).message).toBe('The course "triage" has no edition 7.');
    expect((await call(`/api/cms/ecm/${FIXED_COURSE}/participants.xml?edition=abc`, { cookie: editor })).status).toBe(400);
  });
});

describe('reports and certificates of names stored with control characters', () => {
  // Stored before such characters were refused (or written by other means): the writers must cope.
  const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
  const user = ecmUser(12);
  const rename = (first: string, last: string) =>
    env.DB.prepare('UPDATE ecm_certificate SET first_name = ?, last_name = ? WHERE user_id = ? AND course_id = ?')
      .bind(first, last, user.id, FIXED_COURSE)
      .run();

  it('keeps the participants XML well-formed, the CSV clean and the certificate PDF rendering', async () => {
    await rename('Giu\u0007lia\u001B12\uFFFE', '\u202EBian\u000Cchi\u200B');
    try {
      const editor = await signIn(EDITOR);
      const xmlResponse = await call(`/api/cms/ecm/${FIXED_COURSE}/participants.xml`, { cookie: editor });
      expect(xmlResponse.status).toBe(200);
      const xml = new TextDecoder('latin1').decode(await xmlResponse.arrayBuffer());
      expect(xml).not.toMatch(XML_FORBIDDEN);
      // Only the characters the registry allows: what is not a letter becomes a space, digits included.
      expect(xml).toContain('nome="Giu lia" cognome="Bian chi"');
      // Well-formed: every element opened is closed, in order.
      const open: string[] = [];
      for (const [, closing, name, selfClosing] of xml.replace(/^<\?xml[^>]*\?>/, '').matchAll(/<(\/?)([a-z_]+)[^>]*?(\/?)>/g)) {
        if (closing) expect(open.pop()).toBe(name);
        else if (!selfClosing) open.push(name ?? '');
      }
      expect(open).toEqual([]);

      const csv = await (await call(`/api/cms/ecm/${FIXED_COURSE}/participants.csv`, { cookie: editor })).text();
      expect(csv).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/);
      expect(csv).toContain('"Giulia12\uFFFE";"\u202EBianchi\u200B"');

      const [certificate] = await outcome<CertificateSummary[]>(await call('/api/lms/certificates', { cookie: await signIn(user) }));
      const pdf = await call(`/api/lms/certificates/${certificate?.code}.pdf`, { cookie: await signIn(user) });
      expect(pdf.status).toBe(200);
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), { mergePages: true });
      expect(text).toContain('Giulia12 Bianchi');
    } finally {
      await rename(`Giulia12`, 'Bianchi');
    }
  }, 20_000);
});

describe('question bank in the CMS', () => {
  const path = `/api/cms/documents/bank/it-IT/${FIXED_COURSE}`;

  it('is for editors only: testers and learners never read the correct answers', async () => {
    expect((await call(path, { cookie: await signIn(TESTER) })).status).toBe(403);
    expect((await call(path, { cookie: await signIn(ecmUser(1)) })).status).toBe(403);
    const view = await outcome<{ live: { questions: { correct: number }[] } }>(await call(path, { cookie: await signIn(EDITOR) }));
    expect(view.live.questions).toHaveLength(18);
    expect(view.live.questions[1]?.correct).toBe(1);
    expect((await call(path, { method: 'PUT', cookie: await signIn(ecmUser(1)), body: { questions: bank(18) } })).status).toBe(403);
  });

  it('refuses a save that breaks the rules, naming the problem', async () => {
    const cookie = await signIn(EDITOR);
    const refused = async (questions: unknown[], locale = 'it-IT') => {
      const response = await call(path, { method: 'PUT', cookie, body: { questions }, locale });
      expect(response.status).toBe(400);
      return (await json(response)).message;
    };
    expect(await refused(bank(17))).toBe('La banca domande ha 17 domande: per 6 crediti ne servono almeno 18.');
    const three = bank(18);
    three[1] = { ...three[1]!, options: ['Sì', 'No', 'Forse'] };
    expect(await refused(three, 'en-US')).toBe('Question 2 has 3 options: exactly 4 are needed.');
    const noCorrect: unknown[] = bank(18).map((q, i) => (i === 4 ? { ...q, correct: null } : q));
    expect(await refused(noCorrect)).toBe('La domanda 5 non indica la sua unica opzione corretta.');
    expect((await call(`/api/cms/documents/bank/it-IT/${PLAIN_COURSE}`, { method: 'PUT', cookie, body: { questions: bank(3) } })).status).toBe(404);
    const drafts = await env.DB.prepare("SELECT COUNT(*) AS n FROM cms_draft WHERE kind = 'bank'").first<{ n: number }>();
    expect(drafts?.n).toBe(0);
  });

  it('saves a draft hidden from testers, and publishing puts it in the next attempts', async () => {
    const editor = await signIn(EDITOR);
    const edited = bank(18).map((q, i) => (i === 0 ? { ...q, text: "Quale codice di triage indica un'emergenza?" } : q));
    const saved = await call(path, { method: 'PUT', cookie: editor, body: { questions: edited } });
    expect(saved.status).toBe(200);
    const drafts = await outcome<{ kind: string }[]>(await call('/api/cms/drafts', { cookie: editor }));
    expect(drafts.map((d) => d.kind)).toContain('bank');
    const testerDrafts = await outcome<{ kind: string }[]>(await call('/api/cms/drafts', { cookie: await signIn(TESTER) }));
    expect(testerDrafts.map((d) => d.kind)).not.toContain('bank');

    expect((await call('/api/cms/publish', { method: 'POST', cookie: editor })).status).toBe(200);
    const live = await env.DB.prepare("SELECT questions FROM ecm_bank WHERE course_id = ? AND locale = 'it-IT'")
      .bind(FIXED_COURSE)
      .first<{ questions: string }>();
    expect((JSON.parse(live?.questions ?? '[]') as { text: string }[])[0]?.text).toBe("Quale codice di triage indica un'emergenza?");
    const learner = ecmUser(13);
    const cookie = await signIn(learner);
    await completeCourse(learner.id, FIXED_COURSE);
    const attempt = await open(cookie);
    expect(attempt.questions.map((q) => q.text)).toContain("Quale codice di triage indica un'emergenza?");
  });
});
