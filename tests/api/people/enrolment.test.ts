import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CourseAccess, CourseLearnersPage, Enrolment, ProgressRow, StaffCoursesPage } from '../../../core/contracts/people.ts';
import { call, EDITOR, outcome, seedFixtures, signIn, SITE, TESTER } from '../fixtures.ts';
import { completeCourse, correctAnswers, FIXED_COURSE, seedEcm, VALID_CF } from '../ecm/ecm-fixtures.ts';
import { personById, seedPeople, STAFF } from './people-fixtures.ts';
import { studySession } from '../study.ts';

const COURSE = FIXED_COURSE; // 'triage', an ECM course
let staff = '';
const cookies: Record<string, string> = {};

beforeAll(async () => {
  await seedFixtures();
  await seedEcm();
  await seedPeople();
  staff = await signIn(STAFF);
  for (const id of ['u-pp-anna', 'u-pp-luca', 'u-pp-greta', 'u-pp-marta']) cookies[id] = await signIn(personById(id));
});

const cookie = (id: string): string => cookies[id] ?? '';
const setMode = async (mode: string, courseId = COURSE) => {
  const response = await call(`/api/staff/courses/${courseId}/access`, { method: 'PUT', cookie: staff, body: { mode } });
  expect(response.status, await response.clone().text()).toBe(200);
  return outcome<CourseAccess>(response);
};
const message = async (response: Response) => (await response.json<{ message: string }>()).message;
const enrolWithKey = (cookie: string, key: string, courseId = COURSE) =>
  call(`/api/lms/course/${courseId}/enrolment`, { method: 'POST', cookie, body: { key } });

/** Every call about one course that a learner makes, with a body each would accept. */
const COURSE_CALLS: [string, string, unknown?][] = [
  ['GET', `/api/lms/course/${COURSE}`],
  ['GET', `/api/lms/course/${COURSE}/session/1/1`],
  ['POST', `/api/lms/course/${COURSE}/session/1/1/complete`, {}],
  ['PUT', `/api/lms/course/${COURSE}/session/1/2/position`, { seconds: 12 }],
  ['GET', `/api/lms/course/${COURSE}/ecm`],
  ['GET', `/api/lms/course/${COURSE}/assessment`],
  ['GET', `/api/lms/course/${COURSE}/assessment/review`],
  ['PUT', `/api/lms/course/${COURSE}/assessment/0123456789abcdef`, { answers: {} }],
  ['POST', `/api/lms/course/${COURSE}/assessment/0123456789abcdef/submit`, { answers: {} }],
  ['GET', `/api/lms/course/${COURSE}/satisfaction`],
  ['POST', `/api/lms/course/${COURSE}/satisfaction`, { relevance: 5, quality: 5, usefulness: 5, timeAdequacy: 5, commercialInfluence: 1 }],
  ['POST', `/api/lms/course/${COURSE}/certificate`],
];

describe('a course taken by enrolment', () => {
  it('is open to every signed-in learner until staff say otherwise', async () => {
    expect((await call(`/api/lms/course/${COURSE}`, { cookie: cookie('u-pp-anna') })).status).toBe(200);
    expect(await outcome<CourseAccess>(await call(`/api/staff/courses/${COURSE}/access`, { cookie: staff }))).toEqual({
      courseId: COURSE,
      mode: 'open',
      key: null,
    });
  });

  it('refuses every course call of a learner not enrolled with a 403 saying how to get in, before reading the rest', async () => {
    await setMode('enrolment');
    for (const [method, path, body] of COURSE_CALLS) {
      const response = await call(path, { method, cookie: cookie('u-pp-anna'), body });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(await message(response)).toBe(`Per seguire il corso «${COURSE}» serve l’iscrizione: chiedila al tuo provider di formazione.`);
    }
    // Refused before its body is read: a malformed one gets the same 403.
    expect((await call(`/api/lms/course/${COURSE}/session/1/2/position`, { method: 'PUT', cookie: cookie('u-pp-anna'), body: { seconds: -1 } })).status).toBe(
      403,
    );
    const english = await call(`/api/lms/course/${COURSE}`, { cookie: cookie('u-pp-anna'), locale: 'en-US' });
    expect(await message(english)).toBe(`The course "${COURSE}" requires enrolment: ask your training provider to enrol you.`);
    // Nothing was written for the refused calls.
    const progress = await env.DB.prepare("SELECT COUNT(*) AS n FROM session_progress WHERE user_id = 'u-pp-anna'").first<{ n: number }>();
    expect(progress?.n).toBe(0);
    // An unknown course is still the handler's 404.
    expect((await call('/api/lms/course/nessuno', { cookie: cookie('u-pp-anna') })).status).toBe(404);
  });

  it('opens for editors and testers, who review every course', async () => {
    for (const user of [EDITOR, TESTER]) expect((await call(`/api/lms/course/${COURSE}`, { cookie: await signIn(user) })).status).toBe(200);
  });

  it('opens for a learner staff enrol, and closes again when they unenrol them', async () => {
    const enrolled = await call(`/api/staff/courses/${COURSE}/enrolments/u-pp-anna`, { method: 'PUT', cookie: staff });
    expect(enrolled.status).toBe(200);
    const enrolment = await outcome<Enrolment>(enrolled);
    expect(enrolment).toMatchObject({ courseId: COURSE, userId: 'u-pp-anna', via: 'staff' });
    // Enrolling again keeps the first enrolment.
    expect(await outcome<Enrolment>(await call(`/api/staff/courses/${COURSE}/enrolments/u-pp-anna`, { method: 'PUT', cookie: staff }))).toEqual(enrolment);
    expect((await call(`/api/lms/course/${COURSE}`, { cookie: cookie('u-pp-anna') })).status).toBe(200);
    await studySession('u-pp-anna', COURSE, 1, 1);
    expect((await call(`/api/lms/course/${COURSE}/session/1/1/complete`, { method: 'POST', cookie: cookie('u-pp-anna'), body: {} })).status).toBe(200);

    expect(await outcome(await call(`/api/staff/courses/${COURSE}/enrolments/u-pp-anna`, { method: 'DELETE', cookie: staff }))).toEqual({ removed: true });
    expect(await outcome(await call(`/api/staff/courses/${COURSE}/enrolments/u-pp-anna`, { method: 'DELETE', cookie: staff }))).toEqual({ removed: false });
    expect((await call(`/api/lms/course/${COURSE}`, { cookie: cookie('u-pp-anna') })).status).toBe(403);
    // Her progress stays.
    const progress = await env.DB.prepare("SELECT COUNT(*) AS n FROM session_progress WHERE user_id = 'u-pp-anna'").first<{ n: number }>();
    expect(progress?.n).toBe(1);
    const events = await env.DB.prepare(
      "SELECT scope, subject, user_id AS userId FROM event WHERE action = 'people' AND variant = 'enrolment' ORDER BY id",
    ).all();
    expect(events.results).toEqual([
      { scope: 'staff', subject: `${COURSE}/u-pp-anna`, userId: STAFF.id },
      { scope: 'remove', subject: `${COURSE}/u-pp-anna`, userId: STAFF.id },
    ]);
  });

  it('refuses enrolment into an unknown course or of an unknown person', async () => {
    expect((await call('/api/staff/courses/nessuno/enrolments/u-pp-anna', { method: 'PUT', cookie: staff })).status).toBe(404);
    const unknown = await call(`/api/staff/courses/${COURSE}/enrolments/u-nessuno`, { method: 'PUT', cookie: staff });
    expect(unknown.status).toBe(404);
    expect(await message(unknown)).toBe('Persona non trovata: u-nessuno');
  });
});

describe('the course key', () => {
  let key = '';

  it("is made by staff, shown in groups of four, and the learner's refusal then points to it", async () => {
    const access = await outcome<CourseAccess>(await call(`/api/staff/courses/${COURSE}/key`, { method: 'POST', cookie: staff }));
    expect(access.mode).toBe('enrolment');
    expect(access.key).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    key = access.key ?? '';
    const refused = await call(`/api/lms/course/${COURSE}`, { cookie: cookie('u-pp-luca') });
    expect(await message(refused)).toBe(`Per seguire il corso «${COURSE}» serve l’iscrizione: inserisci la chiave del corso nella sua pagina.`);
    const events = await env.DB.prepare("SELECT subject FROM event WHERE action = 'people' AND variant = 'coursekey'").all<{ subject: string }>();
    // The event names the course, never the key.
    expect(events.results).toEqual([{ subject: COURSE }]);
  });

  it('enrols the learner who types it, in any case, with or without its dashes', async () => {
    const wrong = await enrolWithKey(cookie('u-pp-luca'), 'AAAA-BBBB-CCCC');
    expect(wrong.status).toBe(400);
    expect(await message(wrong)).toBe('La chiave del corso non è corretta: controllala e riprova.');
    const typed = ` ${key.toLowerCase().replaceAll('-', ' ')} `;
    const response = await enrolWithKey(cookie('u-pp-luca'), typed);
    expect(response.status).toBe(200);
    expect(await outcome<Enrolment>(response)).toMatchObject({ courseId: COURSE, userId: 'u-pp-luca', via: 'key' });
    expect((await call(`/api/lms/course/${COURSE}`, { cookie: cookie('u-pp-luca') })).status).toBe(200);
    // Enrolled already: whatever they type, they stay so.
    expect((await enrolWithKey(cookie('u-pp-luca'), 'nonsense')).status).toBe(200);
    const event = await env.DB.prepare("SELECT user_id AS userId FROM event WHERE action = 'people' AND variant = 'enrolment' AND scope = 'key'").all();
    expect(event.results).toEqual([{ userId: 'u-pp-luca' }]);
  });

  it('stops working once renewed or removed', async () => {
    const renewed = await outcome<CourseAccess>(await call(`/api/staff/courses/${COURSE}/key`, { method: 'POST', cookie: staff }));
    expect(renewed.key).not.toBe(key);
    expect((await enrolWithKey(cookie('u-pp-greta'), key)).status).toBe(400);
    expect(await outcome<CourseAccess>(await call(`/api/staff/courses/${COURSE}/key`, { method: 'DELETE', cookie: staff }))).toMatchObject({ key: null });
    const none = await enrolWithKey(cookie('u-pp-greta'), renewed.key ?? '');
    expect(none.status).toBe(409);
    expect(await message(none)).toBe(`Il corso «${COURSE}» non accetta una chiave: chiedi l’iscrizione al tuo provider di formazione.`);
  });

  it('is not taken by an open course, nor by a closed one', async () => {
    await setMode('open', 'no-ecm');
    const open = await enrolWithKey(cookie('u-pp-greta'), 'ABCD-EFGH-JKMN', 'no-ecm');
    expect(open.status).toBe(409);
    expect(await message(open)).toBe('Il corso «no-ecm» è aperto a tutti: non serve iscriversi.');
    await setMode('closed', 'no-ecm');
    expect((await enrolWithKey(cookie('u-pp-greta'), 'ABCD-EFGH-JKMN', 'no-ecm')).status).toBe(403);
    expect((await enrolWithKey(cookie('u-pp-greta'), 'ABCD', 'nessuno')).status).toBe(404);
    expect((await enrolWithKey(cookie('u-pp-greta'), '')).status).toBe(400);
  });
});

describe('a closed course', () => {
  it('refuses even its enrolled learners, and opens again with their enrolment kept', async () => {
    await setMode('closed');
    const refused = await call(`/api/lms/course/${COURSE}`, { cookie: cookie('u-pp-luca') });
    expect(refused.status).toBe(403);
    expect(await message(refused)).toBe(`Il corso «${COURSE}» è chiuso: per ora non si può seguire.`);
    expect((await call(`/api/lms/course/${COURSE}`, { cookie: await signIn(EDITOR) })).status).toBe(200);
    await setMode('enrolment');
    expect((await call(`/api/lms/course/${COURSE}`, { cookie: cookie('u-pp-luca') })).status).toBe(200);
    const events = await env.DB.prepare("SELECT subject FROM event WHERE action = 'people' AND variant = 'course' AND scope = 'access' ORDER BY id").all();
    expect(events.results.map((row) => row.subject)).toEqual([
      `${COURSE}:enrolment`,
      'no-ecm:open',
      'no-ecm:closed',
      `${COURSE}:closed`,
      `${COURSE}:enrolment`,
    ]);
  });

  it('answers its setting through one contract; an unknown mode or course is refused', async () => {
    expect((await call(`/api/staff/courses/${COURSE}/access`, { method: 'PUT', cookie: staff, body: { mode: 'secret' } })).status).toBe(400);
    expect((await call('/api/staff/courses/nessuno/access', { method: 'PUT', cookie: staff, body: { mode: 'open' } })).status).toBe(404);
  });
});

describe('course media', () => {
  const media = (path: string, cookie: string) => exports.default.fetch(`http://localhost/media/${path}`, { headers: { cookie } });

  it('of a course taken by enrolment go only to those it lets in, unless an open course uses them too', async () => {
    await env.MEDIA.put('corsi/triage.webm', new Uint8Array(64), { httpMetadata: { contentType: 'video/webm' } });
    await env.MEDIA.put('corsi/condiviso.webm', new Uint8Array(64), { httpMetadata: { contentType: 'video/webm' } });
    await env.DB.batch([
      env.DB.prepare(
        'UPDATE session SET media_url = \'/media/corsi/triage.webm\', captions = \'{"it-IT":"/media/corsi/triage.it-IT.vtt"}\' WHERE course_id = ? AND module_number = 1 AND number = 2',
      ).bind(COURSE),
      env.DB.prepare("UPDATE session SET media_url = '/media/corsi/condiviso.webm' WHERE course_id = ? AND module_number = 2 AND number = 1").bind(COURSE),
      env.DB.prepare("UPDATE session SET media_url = '/media/corsi/condiviso.webm' WHERE course_id = 'ecm-draw'"),
    ]);
    const refused = await media('corsi/triage.webm', cookie('u-pp-greta'));
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await refused.text()).toBe('Questo contenuto appartiene a un corso che non ti è aperto: iscriviti al corso per vederlo.');
    // Captions named in the session's JSON are the course's too (404: no such file, once let through).
    expect((await media('corsi/triage.it-IT.vtt', cookie('u-pp-greta'))).status).toBe(403);
    expect((await media('corsi/triage.webm', cookie('u-pp-luca'))).status).toBe(200);
    expect((await media('corsi/triage.webm', await signIn(TESTER))).status).toBe(200);
    expect((await media('corsi/condiviso.webm', cookie('u-pp-greta'))).status).toBe(200);
    // An image in a session's text is the course's too.
    await env.MEDIA.put('corsi/schema.png', new Uint8Array(64), { httpMetadata: { contentType: 'image/png' } });
    await env.DB.prepare(
      `UPDATE session_text SET body = '[{"type":"image","src":"/media/corsi/schema.png","text":"Schema"}]' WHERE course_id = ? AND module_number = 1 AND number = 1`,
    )
      .bind(COURSE)
      .run();
    expect((await media('corsi/schema.png', cookie('u-pp-greta'))).status).toBe(403);
    expect((await media('corsi/schema.png', cookie('u-pp-luca'))).status).toBe(200);
  });
});

describe('who is where', () => {
  it("lists a course's learners, enrolled or started, with progress, tracked time, last activity and ECM state", async () => {
    const now = Date.now();
    // Luca (enrolled by key) has done everything, passed and answered the questionnaire; Marta started before enrolment was needed.
    await completeCourse('u-pp-luca', COURSE);
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO hit (site_id, user_id, identity, ua, origin, path, ms, device, course_id, module_number, session_number, created_at) VALUES (?, 'u-pp-luca', 't', 'ua', 'web', '/it-IT/course/session/triage/1/1', 600000, 'linux', ?, 1, 1, ?), (?, 'u-pp-luca', 't', 'ua', 'web', '/it-IT/course/session/triage/1/2', 300000, 'linux', ?, 1, 2, ?)",
      ).bind(SITE, COURSE, now - 5000, SITE, COURSE, now - 4000),
      env.DB.prepare('INSERT INTO session_progress VALUES (?, ?, 1, 1, ?)').bind('u-pp-marta', COURSE, now - 90_000_000),
      // A nurse: the registry's codes 14 / 085.
      env.DB.prepare("UPDATE user SET fiscal_code = ?, profession_id = '14', discipline_id = '085', employment = 'D' WHERE id = ?").bind(VALID_CF, 'u-pp-luca'),
    ]);
    const luca = cookie('u-pp-luca');
    const attempt = await outcome<{ attemptId: string }>(await call(`/api/lms/course/${COURSE}/assessment`, { cookie: luca }));
    const answers = await correctAnswers(attempt.attemptId);
    expect((await call(`/api/lms/course/${COURSE}/assessment/${attempt.attemptId}/submit`, { method: 'POST', cookie: luca, body: { answers } })).status).toBe(
      200,
    );
    const satisfaction = { relevance: 5, quality: 4, usefulness: 5, timeAdequacy: 4, commercialInfluence: 1 };
    expect((await call(`/api/lms/course/${COURSE}/satisfaction`, { method: 'POST', cookie: luca, body: satisfaction })).status).toBe(200);

    const page = await outcome<CourseLearnersPage>(await call(`/api/staff/courses/${COURSE}/learners`, { cookie: staff }));
    expect(page).toMatchObject({ courseId: COURSE, courseTitle: 'Triage', mode: 'enrolment', total: 3, page: 1, pages: 1 });
    // Anna was unenrolled but keeps the session she did: she is still one of the course's learners.
    expect(page.learners.map((row) => row.code)).toEqual(['marta.esposito', 'anna.ferrari', 'luca.ferraris']);
    const row = page.learners.find((entry) => entry.code === 'luca.ferraris');
    expect(row).toMatchObject({ done: 3, total: 3, trackedMs: 900_000, via: 'key', status: 'active' });
    expect(row?.lastActivity).toBeGreaterThanOrEqual(now - 5000);
    expect(row?.ecm).toMatchObject({ attempts: 1, passed: true, questionnaire: true });
    expect(row?.ecm?.certificate).toMatch(/\S/);
    const marta = page.learners.find((entry) => entry.code === 'marta.esposito');
    expect(marta).toMatchObject({ done: 1, total: 3, trackedMs: 0, enrolledAt: null, via: null, lastActivity: now - 90_000_000 });
    expect(marta?.ecm).toEqual({ attempts: 0, passed: false, questionnaire: false, certificate: null });
  });

  it("lists a learner's courses with the same figures; a course without ECM has no ECM state", async () => {
    await env.DB.prepare("INSERT INTO session_progress VALUES ('u-pp-luca', 'no-ecm', 1, 1, ?)").bind(Date.now()).run();
    const rows = await outcome<ProgressRow[]>(await call('/api/staff/people/u-pp-luca/courses', { cookie: staff }));
    expect(rows.map((row) => [row.courseId, row.done, row.total])).toEqual([
      ['no-ecm', 1, 1],
      [COURSE, 3, 3],
    ]);
    expect(rows[0]?.ecm).toBeNull();
    expect((await call('/api/staff/people/u-nessuno/courses', { cookie: staff })).status).toBe(404);
  });

  it("counts a learner whose only trace in a course is a SCORM package's commit", async () => {
    const at = Date.now() - 1000;
    await env.DB.prepare(
      `INSERT INTO scorm_state (user_id, course_id, module_number, number, item, version, completion, success, score_scaled, score_raw, location, suspend_data, cmi, updated_at)
       VALUES ('u-pp-marta', 'no-ecm', 1, 1, '', '1.2', 'incomplete', 'unknown', 0.5, 50, '', '', '{}', ?)`,
    )
      .bind(at)
      .run();
    const rows = await outcome<ProgressRow[]>(await call('/api/staff/people/u-pp-marta/courses', { cookie: staff }));
    const started = rows.find((row) => row.courseId === 'no-ecm');
    expect(started).toMatchObject({
      done: 0,
      lastActivity: at,
      scorm: [expect.objectContaining({ module: 1, session: 1, completion: 'incomplete', scoreScaled: 0.5 })],
    });
    const learners = await outcome<CourseLearnersPage>(await call('/api/staff/courses/no-ecm/learners', { cookie: staff }));
    expect(learners.learners.map((row) => row.code)).toContain('marta.esposito');
    // A package of several items: each row of the report names its item.
    await env.DB.prepare(
      `INSERT INTO scorm_state (user_id, course_id, module_number, number, item, version, completion, success, score_scaled, score_raw, location, suspend_data, cmi, updated_at)
       VALUES ('u-pp-marta', 'no-ecm', 1, 1, 'sco-2', '1.2', 'completed', 'passed', NULL, NULL, '', '', '{}', ?)`,
    )
      .bind(at)
      .run();
    const csv = await (await call('/api/staff/courses/no-ecm/learners.csv', { cookie: staff })).text();
    expect(csv).toContain('1.1 incomplete 50%; 1.1/sco-2 completed');
  });

  it("downloads both as CSV for spreadsheets: UTF-8 with a byte-order mark, one row per learner, formulas defused, columns as Excel in the staff member's language reads them", async () => {
    await env.DB.prepare("UPDATE user SET first_name = '=HYPERLINK(\"http://x\")' WHERE id = 'u-pp-marta'").run();
    const response = await call(`/api/staff/courses/${COURSE}/learners.csv`, { cookie: staff });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="discenti-${COURSE}.csv"`);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'codice_utente;nome;cognome;stato;corso;titolo_corso;iscritto_il;iscrizione;sessioni_completate;sessioni_totali;minuti_tracciati;ultima_attivita;ecm_tentativi;ecm_superato;ecm_questionario;ecm_attestato;scorm',
    );
    expect(lines).toHaveLength(4);
    const luca = lines.find((line) => line.startsWith('"luca.ferraris"'));
    expect(luca).toMatch(
      /^"luca.ferraris";"Luca";"Ferraris";"attivo";"triage";"Triage";"\d{4}-\d\d-\d\d \d\d:\d\d";"chiave";"3";"3";"15";"\d{4}-\d\d-\d\d \d\d:\d\d";"1";"si";"si";"\S+";""$/,
    );
    expect(lines.find((line) => line.startsWith('"marta.esposito"'))).toContain('"\'=HYPERLINK(""http://x"")"');
    const person = await call('/api/staff/people/u-pp-luca/courses.csv', { cookie: staff });
    expect(person.headers.get('content-disposition')).toBe('attachment; filename="corsi-u-pp-luca.csv"');
    expect((await person.text()).trimEnd().split('\r\n')).toHaveLength(3);
    // An English-speaking staff member's spreadsheet reads commas.
    const english = await call(`/api/staff/courses/${COURSE}/learners.csv`, { cookie: staff, locale: 'en-US' });
    expect((await english.text()).replace(/^\uFEFF/, '')).toMatch(/^codice_utente,nome,cognome,/);
  });

  it('lists every course for staff with its access and how many are enrolled', async () => {
    const page = await outcome<StaffCoursesPage>(await call('/api/staff/courses', { cookie: staff }));
    expect(page.courses.find((course) => course.id === COURSE)).toEqual({
      id: COURSE,
      title: 'Triage',
      mode: 'enrolment',
      hasKey: false,
      enrolled: 1,
      withdrawn: false,
    });
    expect(page.courses.find((course) => course.id === 'no-ecm')).toMatchObject({ mode: 'closed', enrolled: 0 });
    expect(page.total).toBe(page.courses.length);
  });
});
