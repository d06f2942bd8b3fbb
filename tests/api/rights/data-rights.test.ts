import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { myData } from '../../../core/contracts/data-rights.ts';
import { findUserToSignIn } from '../../../functions/data/auth/users.ts';
import { findCertificate, listParticipants } from '../../../functions/data/ecm/records.ts';
import { searchPeople } from '../../../functions/data/people/people.ts';
import { authMessage } from '../../../functions/auth/messages.ts';
import { rightsMessage } from '../../../functions/rights/messages.ts';
import { call, newSignedInLearner, outcome, seedFixtures, SITE } from '../fixtures.ts';

beforeAll(seedFixtures);

const PASSWORD = 'Api-Learner-2026!';
const errorOf = async (response: Response) => (await response.json<{ message: string }>()).message;

/** A learner with something in every kind of record: the export lists it, the deletion removes it or keeps it for the ECM registry. */
async function learnerWithHistory(prefix: string) {
  const learner = await newSignedInLearner(prefix);
  const id = learner.id;
  const email = `${id}@example.it`;
  const now = Date.now();
  const attempt = `att-${id}`;
  const code = `CERT-${id}`.toUpperCase();
  await env.DB.batch([
    // One account per codice fiscale (0033): the learner of an earlier test gives it up.
    env.DB.prepare("UPDATE user SET fiscal_code = NULL WHERE fiscal_code = 'RSSMRA80A01H501U'"),
    env.DB.prepare("UPDATE user SET email = ?, fiscal_code = 'RSSMRA80A01H501U', privacy_version = '2026-01', privacy_accepted_at = ? WHERE id = ?").bind(
      email,
      now,
      id,
    ),
    env.DB.prepare("INSERT INTO enrolment (user_id, course_id, enrolled_at, via) VALUES (?, 'triage', ?, 'key')").bind(id, now),
    env.DB.prepare("INSERT INTO session_progress VALUES (?, 'triage', 1, 1, ?)").bind(id, now),
    env.DB.prepare("INSERT INTO session_position VALUES (?, 'triage', 1, 2, 95, ?)").bind(id, now),
    // A second course, listed before triage in course_text: each row must carry its own course's title.
    env.DB.prepare("INSERT OR IGNORE INTO course (id, site_id, category_id, ecm_credits, position) VALUES ('anatomia', ?, 'cat-rischio', NULL, 1)").bind(SITE),
    env.DB.prepare("INSERT OR IGNORE INTO course_text VALUES ('anatomia', 'it-IT', 'Anatomia di base', 'Le basi.', 'Le basi.')"),
    env.DB.prepare("INSERT INTO enrolment (user_id, course_id, enrolled_at, via) VALUES (?, 'anatomia', ?, 'staff')").bind(id, now + 1),
    // Progress, time, an attempt and a certificate in the second course too.
    env.DB.prepare("INSERT INTO session_progress VALUES (?, 'anatomia', 1, 1, ?)").bind(id, now),
    env.DB.prepare(
      "INSERT INTO hit (site_id, user_id, identity, ua, origin, path, ms, device, course_id, created_at) VALUES (?, ?, 'tab', 'vitest', 'web', '/it-IT/course/anatomia', 120000, 'desktop', 'anatomia', ?)",
    ).bind(SITE, id, now),
    env.DB.prepare(
      "INSERT INTO ecm_attempt (id, site_id, user_id, course_id, number, locale, questions, started_at, updated_at, submitted_at, correct, total, passed) VALUES (?, ?, ?, 'anatomia', 1, 'it-IT', '[]', ?, ?, ?, 9, 10, 1)",
    ).bind(`${attempt}-anatomia`, SITE, id, now, now, now),
    env.DB.prepare(
      `INSERT INTO ecm_certificate (code, site_id, user_id, course_id, attempt_id, first_name, last_name, fiscal_code, profession_id, discipline_id, credits, event_id,
         edition, provider_id, provider_name, completed_at, issued_at) VALUES (?, ?, ?, 'anatomia', ?, 'Prova', 'Nuova', 'RSSMRA80A01H501U', '1', '1', 3, '1235', 1, '99', 'Provider', ?, ?)`,
    ).bind(`${code}-A`, SITE, id, `${attempt}-anatomia`, now + 1, now + 1),
    env.DB.prepare(
      `INSERT INTO scorm_state (user_id, course_id, module_number, number, item, version, completion, success, score_scaled, score_raw, location, suspend_data, cmi, updated_at)
       VALUES (?, 'triage', 2, 1, 'sco-2', '1.2', 'completed', 'passed', 0.8, 80, 'page-3', 'q1=a;q2=c', '{"core":{"student_name":"Nuova, Prova"}}', ?)`,
    ).bind(id, now),
    env.DB.prepare('UPDATE scorm_state SET package_seconds = 754 WHERE user_id = ?').bind(id),
    env.DB.prepare(
      "INSERT INTO hit (site_id, user_id, identity, ua, origin, path, ms, device, course_id, created_at) VALUES (?, ?, 'tab', 'vitest', 'web', '/it-IT/course/triage', 60000, 'desktop', 'triage', ?)",
    ).bind(SITE, id, now),
    env.DB.prepare('INSERT INTO stats_total VALUES (?, ?, 60000)').bind(SITE, id),
    env.DB.prepare("INSERT INTO user_badge VALUES (?, 'prima-sessione', ?, 1, 1)").bind(id, now),
    env.DB.prepare(
      "INSERT INTO ecm_attempt (id, site_id, user_id, course_id, number, locale, questions, started_at, updated_at, submitted_at, correct, total, passed) VALUES (?, ?, ?, 'triage', 1, 'it-IT', '[]', ?, ?, ?, 17, 18, 1)",
    ).bind(attempt, SITE, id, now, now, now),
    env.DB.prepare(
      `INSERT INTO ecm_certificate (code, site_id, user_id, course_id, attempt_id, first_name, last_name, fiscal_code, profession_id, discipline_id, credits, event_id,
         edition, provider_id, provider_name, completed_at, issued_at) VALUES (?, ?, ?, 'triage', ?, 'Prova', 'Nuova', 'RSSMRA80A01H501U', '1', '1', 6, '1234', 1, '99', 'Provider', ?, ?)`,
    ).bind(code, SITE, id, attempt, now, now),
    env.DB.prepare(
      "INSERT INTO support_request (site_id, locale, user_id, name, email, message, created_at, status) VALUES (?, 'it-IT', ?, 'Prova Nuova', ?, 'Il video non parte.', ?, 'answered')",
    ).bind(SITE, id, email, now),
    env.DB.prepare("INSERT INTO support_reply (request_id, user_id, message, created_at) VALUES (last_insert_rowid(), 'u-api-editor', 'Riprova ora.', ?)").bind(
      now,
    ),
    env.DB.prepare(
      "INSERT INTO email_outbox (id, site_id, recipient, locale, template, origin, payload, status, next_attempt_at, created_at, sent_at) VALUES (?, ?, ?, 'it-IT', 'password-reset', 'http://localhost', 'sealed-values', 'sent', ?, ?, ?)",
    ).bind(`mail-${id}`, SITE, email.toUpperCase(), now, now, now),
    env.DB.prepare('INSERT INTO password_reset (token_hash, user_id, site_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)').bind(
      `reset-token-hash-${id}`,
      id,
      SITE,
      now,
      now + 3_600_000,
    ),
    // Sent signed out, from the same address written in capitals: theirs as well.
    env.DB.prepare(
      "INSERT INTO support_request (site_id, locale, user_id, name, email, message, created_at) VALUES (?, 'it-IT', NULL, 'P. Nuova', ?, 'Non riesco ad accedere.', ?)",
    ).bind(SITE, email.toUpperCase(), now + 1),
  ]);
  return { ...learner, email, code };
}

const remaining = async (userId: string) => {
  const tables = [
    'user_federation',
    'auth_token',
    'enrolment',
    'session_progress',
    'session_position',
    'scorm_state',
    'user_badge',
    'hit',
    'stats_total',
    'support_request',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    counts[table] = (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`).bind(userId).first<{ n: number }>())?.n ?? -1;
  }
  return counts;
};

describe('GET /api/auth/user/data', () => {
  it('gives the signed-in person everything stored about them, as a JSON file in the contract', async () => {
    const learner = await learnerWithHistory('export');
    const response = await call('/api/auth/user/data', { cookie: learner.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const data = myData.parse(await response.json());
    expect(data.account).toMatchObject({ id: learner.id, email: learner.email, firstName: 'Prova', lastName: 'Nuova', gender: 'f', roles: ['learner'] });
    expect(data.profile.fiscalCode).toBe('RSSMRA80A01H501U');
    expect(data.consents).toEqual([{ kind: 'privacy', version: '2026-01', acceptedAt: expect.any(String) }]);
    expect(data.enrolments).toEqual([
      expect.objectContaining({ courseId: 'triage', course: 'Triage', via: 'key' }),
      expect.objectContaining({ courseId: 'anatomia', course: 'Anatomia di base', via: 'staff' }),
    ]);
    expect(data.scorm).toEqual([
      expect.objectContaining({
        courseId: 'triage',
        course: 'Triage',
        module: 2,
        session: 1,
        item: 'sco-2',
        completion: 'completed',
        success: 'passed',
        score: 0.8,
      }),
    ]);
    expect(data.scorm[0]).toMatchObject({ location: 'page-3', suspendData: 'q1=a;q2=c' });
    expect(data.scorm[0]).toMatchObject({ sessionTitle: 'Casi', seconds: 754 });
    // Every row is named by its own course's title, in both courses.
    expect(data.progress).toEqual([
      expect.objectContaining({ courseId: 'anatomia', course: 'Anatomia di base', module: 1, session: 1 }),
      expect.objectContaining({ courseId: 'triage', course: 'Triage', module: 1, session: 1 }),
    ]);
    expect(data.positions).toEqual([expect.objectContaining({ courseId: 'triage', course: 'Triage', module: 1, session: 2, seconds: 95 })]);
    expect(data.trackedTime).toEqual({
      totalSeconds: 60,
      courses: [
        { courseId: 'anatomia', course: 'Anatomia di base', seconds: 120 },
        { courseId: 'triage', course: 'Triage', seconds: 60 },
      ],
    });
    expect(data.hits).toMatchObject({ count: 2, devices: [{ device: 'desktop', count: 2 }] });
    expect(data.badges).toEqual([expect.objectContaining({ id: 'prima-sessione' })]);
    expect(data.ecmAttempts).toEqual([
      expect.objectContaining({ courseId: 'anatomia', course: 'Anatomia di base', number: 1, correct: 9, total: 10, passed: true }),
      expect.objectContaining({ courseId: 'triage', course: 'Triage', number: 1, correct: 17, total: 18, passed: true }),
    ]);
    expect(data.certificates).toEqual([
      expect.objectContaining({ code: learner.code, courseId: 'triage', course: 'Triage', credits: 6 }),
      expect.objectContaining({ code: `${learner.code}-A`, courseId: 'anatomia', course: 'Anatomia di base', credits: 3 }),
    ]);
    // Requests sent signed in and signed out from the account's address, in any case, with their replies.
    expect(data.supportRequests).toEqual([
      expect.objectContaining({ message: 'Il video non parte.', status: 'answered', replies: [expect.objectContaining({ message: 'Riprova ora.' })] }),
      expect.objectContaining({ message: 'Non riesco ad accedere.', name: 'P. Nuova', email: learner.email.toUpperCase(), replies: [] }),
    ]);
    // The e-mails to the address (not their content), the sessions and the links sent (no token).
    expect(data.emails).toEqual([expect.objectContaining({ template: 'password-reset', status: 'sent' })]);
    expect(data.sessions).toEqual([expect.objectContaining({ endedAt: null })]);
    expect(data.links).toEqual([expect.objectContaining({ kind: 'password-reset', usedAt: null, voidedAt: null })]);
    expect(JSON.stringify(data)).not.toContain('sealed-values');
    expect(JSON.stringify(data)).not.toContain('reset-token-hash');
    // Never another person's data, nor the attempts' questions.
    expect(JSON.stringify(data)).not.toContain('Giulia');
    expect(JSON.stringify(data)).not.toContain('questions');
  });

  it('refuses a visitor', async () => {
    expect((await call('/api/auth/user/data')).status).toBe(401);
  });
});

describe('POST /api/auth/user/delete', () => {
  it('refuses a wrong password and changes nothing', async () => {
    const learner = await learnerWithHistory('wrong');
    const refused = await call('/api/auth/user/delete', { method: 'POST', cookie: learner.cookie, body: { confirm: 'not-the-password' } });
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toBe(authMessage('passwordWrongCurrent', 'it'));
    expect((await call('/api/auth/user', { cookie: learner.cookie })).status).toBe(200);
    expect(await remaining(learner.id)).toMatchObject({ enrolment: 2, hit: 2, scorm_state: 1, support_request: 1 });
    expect((await call('/api/auth/user/delete', { method: 'POST', cookie: learner.cookie, body: { confirm: '' } })).status).toBe(400);
  });

  it('counts password tries like a password change: the sixth in an hour is refused unchecked', async () => {
    const learner = await learnerWithHistory('tries');
    for (let i = 0; i < 5; i += 1) {
      expect((await call('/api/auth/user/delete', { method: 'POST', cookie: learner.cookie, body: { confirm: `guess-${i}` } })).status).toBe(400);
    }
    const sixth = await call('/api/auth/user/delete', { method: 'POST', cookie: learner.cookie, body: { confirm: PASSWORD } });
    expect(sixth.status).toBe(429);
    expect(await errorOf(sixth)).toBe(rightsMessage('deleteTooMany', 'it'));
    expect((await call('/api/auth/user', { cookie: learner.cookie })).status).toBe(200);
  });

  it('deletes the account in one go: sessions end, personal data goes, the ECM certificate stays verifiable and reported', async () => {
    const learner = await learnerWithHistory('gone');
    const other = await call('/api/auth/login', { method: 'POST', body: { cu: `api.gone.${learner.id.split('-').at(-1)}`, cp: PASSWORD, ua: 'vitest' } });
    const otherCookie = (other.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const deleted = await call('/api/auth/user/delete', { method: 'POST', cookie: learner.cookie, body: { confirm: PASSWORD } });
    expect(deleted.status).toBe(200);
    expect(await outcome(deleted)).toEqual({ deleted: true });
    expect(deleted.headers.get('set-cookie')).toMatch(/^t-ssid=;/);
    // Every session, this one and the other device's, has ended.
    expect((await call('/api/auth/user', { cookie: learner.cookie })).status).toBe(401);
    expect((await call('/api/auth/user', { cookie: otherCookie })).status).toBe(401);
    expect(await remaining(learner.id)).toEqual({
      user_federation: 0,
      auth_token: 0,
      enrolment: 0,
      session_progress: 0,
      session_position: 0,
      scorm_state: 0,
      user_badge: 0,
      hit: 0,
      stats_total: 0,
      support_request: 0,
    });
    // The request sent signed out from the account's address (in capitals) went too.
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM support_request WHERE lower(email) = lower(?)').bind(learner.email).first()).toEqual({ n: 0 });
    const row = await env.DB.prepare('SELECT code, first_name, last_name, email, password_hash, gender, fiscal_code, roles, status FROM user WHERE id = ?')
      .bind(learner.id)
      .first();
    expect(row).toEqual({
      code: `deleted-${learner.id}`,
      first_name: '',
      last_name: '',
      email: null,
      password_hash: null,
      gender: null,
      fiscal_code: null,
      roles: '[]',
      status: 'deleted',
    });
    // Nobody can sign in as it, by code or e-mail; its address is free to register again.
    expect(await findUserToSignIn(env.DB, SITE, learner.email)).toBeNull();
    const again = await call('/api/auth/login', { method: 'POST', body: { cu: `deleted-${learner.id}`, cp: PASSWORD, ua: 'vitest' } });
    expect(again.status).toBe(401);
    // The registry's records: the certificate as issued, found by its code and in the course's report.
    const certificate = await findCertificate(env.DB, learner.code, 'it-IT', 'it-IT');
    expect(certificate).toMatchObject({ userId: learner.id, firstName: 'Prova', lastName: 'Nuova', fiscalCode: 'RSSMRA80A01H501U', credits: 6 });
    const { edition } = (await env.DB.prepare('SELECT edition FROM ecm_certificate WHERE code = ?').bind(learner.code).first<{ edition: number }>()) ?? {
      edition: 0,
    };
    expect((await listParticipants(env.DB, SITE, 'triage', edition, 'it-IT')).map((c) => c.fiscalCode)).toContain('RSSMRA80A01H501U');
    expect(await env.DB.prepare('SELECT passed FROM ecm_attempt WHERE user_id = ?').bind(learner.id).first()).toEqual({ passed: 1 });
    // Staff no longer find the account, by name or at all.
    const people = await searchPeople(env.DB, SITE, { q: '', page: 1, pageSize: 1000 });
    expect(people.people.map((person) => person.id)).not.toContain(learner.id);
    expect(await env.DB.prepare("SELECT subject FROM event WHERE user_id = ? AND action = 'auth' AND scope = 'delete'").bind(learner.id).first()).toEqual({
      subject: 'account',
    });
  });

  it('refuses a visitor', async () => {
    expect((await call('/api/auth/user/delete', { method: 'POST', body: { confirm: 'x' } })).status).toBe(401);
  });
});
