import type { D1Database } from '@cloudflare/workers-types';
import type { MyData } from '../../../core/contracts/data-rights.ts';
import type { Gender } from '../../../core/contracts/user.ts';
import { parseRoles } from '../auth/users.ts';

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

/**
 * A course's title in the reader's locale, else the site's default locale, else its id (`?1`, `?2`).
 * `column` names its table (`e.course_id`): bare, it would mean course_text's own column and every
 * row would get the first course's title.
 */
const courseTitle = (column: string) =>
  `COALESCE((SELECT t.title FROM course_text t WHERE t.course_id = ${column} AND t.locale = ?1), (SELECT t.title FROM course_text t WHERE t.course_id = ${column} AND t.locale = ?2), ${column})`;

/** A session's title in the reader's locale, else the site's default one, else '' (`alias` names the row's table). */
const sessionTitle = (alias: string) =>
  `COALESCE((SELECT t.title FROM session_text t WHERE t.course_id = ${alias}.course_id AND t.module_number = ${alias}.module_number AND t.number = ${alias}.number AND t.locale = ?1),
     (SELECT t.title FROM session_text t WHERE t.course_id = ${alias}.course_id AND t.module_number = ${alias}.module_number AND t.number = ${alias}.number AND t.locale = ?2), '')`;

/**
 * The person's support requests (`q`; `?1` user, `?2` site): those sent signed in, and those sent
 * signed out from the account's address, in any case. Deleting the account removes the same ones.
 */
const OWN_REQUEST = `q.site_id = ?2 AND (q.user_id = ?1 OR (q.user_id IS NULL AND lower(q.email) = (SELECT lower(email) FROM user WHERE id = ?1)))`;

interface AccountRow {
  id: string;
  code: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  gender: Gender | null;
  locale: string;
  roles: string;
  status: string;
  created_at: number;
  last_sign_in_at: number | null;
  fiscal_code: string | null;
  employment: string | null;
  profession: string | null;
  discipline: string | null;
  privacy_version: string | null;
  privacy_accepted_at: number | null;
}

type Rows = Record<string, unknown>[];

/**
 * Everything stored about one person, read in one batch (one consistent snapshot): the account,
 * its ECM fields, consents, enrolments, progress, video positions, SCORM packages' data, learning time, a summary of the
 * pages seen, badges and levels, ECM attempts (never their questions) and certificates, support
 * requests and their replies, the e-mails to their address (never their content), their sessions
 * and the links sent to them (never a token). Null when the account does not exist.
 */
export async function readMyData(db: D1Database, siteId: string, userId: string, locale: string, defaultLocale: string, now: number): Promise<MyData | null> {
  const statements = [
    db
      .prepare(
        `SELECT u.id, u.code, u.first_name, u.last_name, u.email, u.phone, u.gender, u.locale, u.roles, u.status, u.created_at, u.last_sign_in_at,
           u.fiscal_code, u.employment, u.privacy_version, u.privacy_accepted_at,
           COALESCE((SELECT name FROM ecm_profession_text WHERE profession_id = u.profession_id AND locale = ?1),
             (SELECT name FROM ecm_profession_text WHERE profession_id = u.profession_id AND locale = ?2), u.profession_id) AS profession,
           COALESCE((SELECT name FROM ecm_discipline_text WHERE discipline_id = u.discipline_id AND locale = ?1),
             (SELECT name FROM ecm_discipline_text WHERE discipline_id = u.discipline_id AND locale = ?2), u.discipline_id) AS discipline
         FROM user u WHERE u.id = ?3 AND u.site_id = ?4 AND u.status <> 'deleted'`,
      )
      .bind(locale, defaultLocale, userId, siteId),
    db.prepare('SELECT provider FROM user_federation WHERE user_id = ? ORDER BY provider').bind(userId),
    db
      .prepare(`SELECT e.course_id, ${courseTitle('e.course_id')} AS course, e.via, e.enrolled_at FROM enrolment e WHERE e.user_id = ?3 ORDER BY e.enrolled_at`)
      .bind(locale, defaultLocale, userId),
    db
      .prepare(
        `SELECT p.course_id, ${courseTitle('p.course_id')} AS course, p.module_number, p.number, p.completed_at FROM session_progress p WHERE p.user_id = ?3
         ORDER BY p.course_id, p.module_number, p.number`,
      )
      .bind(locale, defaultLocale, userId),
    db
      .prepare(
        `SELECT p.course_id, ${courseTitle('p.course_id')} AS course, p.module_number, p.number, p.seconds, p.updated_at FROM session_position p
         WHERE p.user_id = ?3 ORDER BY p.course_id, p.module_number, p.number`,
      )
      .bind(locale, defaultLocale, userId),
    db.prepare('SELECT ms FROM stats_total WHERE site_id = ? AND user_id = ?').bind(siteId, userId),
    db
      .prepare(
        `SELECT h.course_id, ${courseTitle('h.course_id')} AS course, SUM(h.ms) AS ms FROM hit h
         WHERE h.user_id = ?3 AND h.site_id = ?4 AND h.course_id IS NOT NULL GROUP BY h.course_id ORDER BY h.course_id`,
      )
      .bind(locale, defaultLocale, userId, siteId),
    db.prepare('SELECT COUNT(*) AS count, MIN(created_at) AS first, MAX(created_at) AS last FROM hit WHERE user_id = ? AND site_id = ?').bind(userId, siteId),
    db.prepare('SELECT device, COUNT(*) AS count FROM hit WHERE user_id = ? AND site_id = ? GROUP BY device ORDER BY device').bind(userId, siteId),
    db.prepare('SELECT badge_id, obtained_at, amount FROM user_badge WHERE user_id = ? ORDER BY obtained_at, badge_id').bind(userId),
    db.prepare('SELECT category_id, level, experience FROM user_level WHERE user_id = ? ORDER BY category_id').bind(userId),
    db
      .prepare(
        `SELECT a.course_id, ${courseTitle('a.course_id')} AS course, a.number, a.started_at, a.submitted_at, a.correct, a.total, a.passed FROM ecm_attempt a
         WHERE a.user_id = ?3 ORDER BY a.course_id, a.number`,
      )
      .bind(locale, defaultLocale, userId),
    db
      .prepare(
        `SELECT c.code, c.course_id, ${courseTitle('c.course_id')} AS course, c.credits, c.completed_at, c.issued_at FROM ecm_certificate c
         WHERE c.user_id = ?3 ORDER BY c.completed_at`,
      )
      .bind(locale, defaultLocale, userId),
    db.prepare(`SELECT id, created_at, status, name, email, message FROM support_request q WHERE ${OWN_REQUEST} ORDER BY id`).bind(userId, siteId),
    db
      .prepare(
        `SELECT r.request_id, r.message, r.created_at FROM support_reply r JOIN support_request q ON q.id = r.request_id WHERE ${OWN_REQUEST} ORDER BY r.id`,
      )
      .bind(userId, siteId),
    db
      .prepare(
        `SELECT s.course_id, ${courseTitle('s.course_id')} AS course, ${sessionTitle('s')} AS session_title, s.module_number, s.number, s.item, s.version,
           s.completion, s.success, s.score_scaled, s.location, s.suspend_data, s.package_seconds, s.updated_at FROM scorm_state s
         WHERE s.user_id = ?3 ORDER BY s.course_id, s.module_number, s.number, s.item`,
      )
      .bind(locale, defaultLocale, userId),
    db
      .prepare(
        `SELECT template, status, created_at, sent_at FROM email_outbox WHERE site_id = ?2 AND lower(recipient) = (SELECT lower(email) FROM user WHERE id = ?1)
         ORDER BY created_at`,
      )
      .bind(userId, siteId),
    db
      .prepare(
        `SELECT MIN(created_at) AS started_at, MAX(expires_at) AS expires_at, MAX(revoked_at) AS ended_at, MIN(revoked_at IS NOT NULL) AS ended FROM auth_token
         WHERE user_id = ? GROUP BY family ORDER BY started_at`,
      )
      .bind(userId),
    db
      .prepare(
        `SELECT 'password-reset' AS kind, created_at, expires_at, used_at, voided_at FROM password_reset WHERE user_id = ?1
         UNION ALL SELECT 'registration', created_at, expires_at, used_at, voided_at FROM registration_confirmation WHERE user_id = ?1
         UNION ALL SELECT 'invitation', created_at, expires_at, used_at, voided_at FROM invitation WHERE user_id = ?1 ORDER BY 2`,
      )
      .bind(userId),
  ];
  const results = (await db.batch<Record<string, unknown>>(statements)).map((result) => (result.results ?? []) as Rows);
  const [
    accounts,
    providers,
    enrolments,
    progress,
    positions,
    total,
    courseTime,
    hitSummary,
    devices,
    badges,
    levels,
    attempts,
    certificates,
    requests,
    replies,
    scorm,
    emails,
    sessions,
    links,
  ] = results as [Rows, Rows, Rows, Rows, Rows, Rows, Rows, Rows, Rows, Rows, Rows, Rows, Rows, Rows, Rows, Rows, Rows, Rows, Rows];
  const account = accounts[0] as AccountRow | undefined;
  if (!account) return null;
  const summary = hitSummary[0] as { count: number; first: number | null; last: number | null };
  return {
    exportedAt: iso(now),
    account: {
      id: account.id,
      code: account.code,
      firstName: account.first_name,
      lastName: account.last_name,
      email: account.email,
      phone: account.phone,
      gender: account.gender,
      locale: account.locale,
      roles: parseRoles(account.roles),
      status: account.status,
      createdAt: iso(account.created_at),
      lastSignInAt: isoOrNull(account.last_sign_in_at),
      providers: providers.map((row) => String(row.provider)),
    },
    profile: { fiscalCode: account.fiscal_code, profession: account.profession, discipline: account.discipline, employment: account.employment },
    consents: account.privacy_version ? [{ kind: 'privacy', version: account.privacy_version, acceptedAt: isoOrNull(account.privacy_accepted_at) }] : [],
    enrolments: enrolments.map((row) => ({
      courseId: String(row.course_id),
      course: String(row.course),
      via: String(row.via),
      enrolledAt: iso(Number(row.enrolled_at)),
    })),
    progress: progress.map((row) => ({
      courseId: String(row.course_id),
      course: String(row.course),
      module: Number(row.module_number),
      session: Number(row.number),
      completedAt: iso(Number(row.completed_at)),
    })),
    scorm: scorm.map((row) => ({
      courseId: String(row.course_id),
      course: String(row.course),
      module: Number(row.module_number),
      session: Number(row.number),
      sessionTitle: String(row.session_title),
      item: String(row.item),
      version: String(row.version),
      completion: String(row.completion),
      success: String(row.success),
      score: row.score_scaled === null ? null : Number(row.score_scaled),
      location: String(row.location),
      suspendData: String(row.suspend_data),
      seconds: Number(row.package_seconds),
      updatedAt: iso(Number(row.updated_at)),
    })),
    positions: positions.map((row) => ({
      courseId: String(row.course_id),
      course: String(row.course),
      module: Number(row.module_number),
      session: Number(row.number),
      seconds: Number(row.seconds),
      updatedAt: iso(Number(row.updated_at)),
    })),
    trackedTime: {
      totalSeconds: Math.round(Number(total[0]?.ms ?? 0) / 1000),
      courses: courseTime.map((row) => ({ courseId: String(row.course_id), course: String(row.course), seconds: Math.round(Number(row.ms) / 1000) })),
    },
    hits: {
      count: Number(summary.count),
      first: isoOrNull(summary.first),
      last: isoOrNull(summary.last),
      devices: devices.map((row) => ({ device: String(row.device), count: Number(row.count) })),
    },
    badges: badges.map((row) => ({ id: String(row.badge_id), obtainedAt: iso(Number(row.obtained_at)), amount: Number(row.amount) })),
    levels: levels.map((row) => ({ categoryId: String(row.category_id), level: Number(row.level), experience: Number(row.experience) })),
    ecmAttempts: attempts.map((row) => ({
      courseId: String(row.course_id),
      course: String(row.course),
      number: Number(row.number),
      startedAt: iso(Number(row.started_at)),
      submittedAt: row.submitted_at === null ? null : iso(Number(row.submitted_at)),
      correct: row.correct === null ? null : Number(row.correct),
      total: row.total === null ? null : Number(row.total),
      passed: row.passed === null ? null : row.passed === 1,
    })),
    certificates: certificates.map((row) => ({
      code: String(row.code),
      courseId: String(row.course_id),
      course: String(row.course),
      credits: Number(row.credits),
      completedAt: iso(Number(row.completed_at)),
      issuedAt: iso(Number(row.issued_at)),
    })),
    supportRequests: requests.map((row) => ({
      id: Number(row.id),
      createdAt: iso(Number(row.created_at)),
      status: String(row.status),
      name: String(row.name),
      email: String(row.email),
      message: String(row.message),
      replies: replies
        .filter((reply) => reply.request_id === row.id)
        .map((reply) => ({ message: String(reply.message), createdAt: iso(Number(reply.created_at)) })),
    })),
    emails: emails.map((row) => ({
      template: String(row.template),
      status: String(row.status),
      createdAt: iso(Number(row.created_at)),
      sentAt: isoOrNull(row.sent_at === null ? null : Number(row.sent_at)),
    })),
    // A session ends when all its tokens are revoked; one still renewing has no end.
    sessions: sessions.map((row) => ({
      startedAt: iso(Number(row.started_at)),
      expiresAt: iso(Number(row.expires_at)),
      endedAt: row.ended === 1 && row.ended_at !== null ? iso(Number(row.ended_at)) : null,
    })),
    links: links.map((row) => ({
      kind: row.kind as MyData['links'][number]['kind'],
      createdAt: iso(Number(row.created_at)),
      expiresAt: iso(Number(row.expires_at)),
      usedAt: row.used_at === null ? null : iso(Number(row.used_at)),
      voidedAt: row.voided_at === null ? null : iso(Number(row.voided_at)),
    })),
  };
}
