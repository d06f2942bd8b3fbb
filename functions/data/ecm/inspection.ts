import type { D1Database } from '@cloudflare/workers-types';

/** One session of one learner as the server tracked it: its page's credited time and when. */
export interface TrackedSession {
  moduleNumber: number;
  number: number;
  title: string;
  /** When the first time credited to it began (its hit's server time less what it earned) and when the latest arrived (epoch ms), or null. */
  firstAt: number | null;
  lastAt: number | null;
  trackedMs: number;
  completedAt: number | null;
}

export interface TrackedAttempt {
  number: number;
  startedAt: number;
  submittedAt: number | null;
  correct: number | null;
  total: number | null;
  passed: boolean | null;
}

/** Everything an inspector checks of one learner in one course; the questionnaire's answers are not here, only that it was filled in. */
export interface LearnerRecord {
  userId: string;
  code: string;
  firstName: string;
  lastName: string;
  fiscalCode: string | null;
  /** When the account was deleted, or null: its names, hits and completions went with it, its certificate and attempts stayed. */
  deletedAt: number | null;
  /** None for a deleted account: its tracking was erased, and listing its sessions would show 0 minutes it never had. */
  sessions: TrackedSession[];
  attempts: TrackedAttempt[];
  questionnaireDone: boolean;
  certificate: IssuedCertificate | null;
}

export interface IssuedCertificate {
  code: string;
  completedAt: number;
  issuedAt: number;
  credits: number;
  /** What it was issued on, as recorded at issue (functions/data/ecm/records.ts); null where it was never recorded. */
  trackedMsAtIssue: number | null;
  completedSessionsAtIssue: number | null;
}

/**
 * The records of every learner with any trace in a course of this site (a credited hit, a completed
 * session, an attempt or a certificate), by last name. One D1 batch.
 */
/** One edition's days ([from, to) in epoch ms) and number, or nulls for the whole course. */
export interface RecordsWindow {
  from: number | null;
  to: number | null;
  edition: number | null;
}

export async function readLearnerRecords(
  db: D1Database,
  siteId: string,
  courseId: string,
  locale: string,
  defaultLocale: string,
  window: RecordsWindow = { from: null, to: null, edition: null },
): Promise<LearnerRecord[]> {
  // ?5..?7: the edition's first instant, the instant after its last day, its number (all null: the whole course).
  const inDays = (column: string) => `(?5 IS NULL OR ${column} >= ?5) AND (?6 IS NULL OR ${column} < ?6)`;
  const inEdition = '(?7 IS NULL OR edition = ?7)';
  const learners = `SELECT user_id FROM hit WHERE course_id = ?2 AND user_id IS NOT NULL AND ms > 0 AND ${inDays('created_at')}
    UNION SELECT user_id FROM session_progress WHERE course_id = ?2 AND ${inDays('completed_at')}
    UNION SELECT user_id FROM ecm_attempt WHERE course_id = ?2 AND site_id = ?1 AND ${inEdition}
    UNION SELECT user_id FROM ecm_certificate WHERE course_id = ?2 AND site_id = ?1 AND ${inEdition}`;
  const bounds = [window.from, window.to, window.edition] as const;
  const [people, sessions, attempts] = await db.batch<Record<string, unknown>>([
    db
      .prepare(
        `SELECT u.id AS userId, u.code,
                -- A deleted account keeps no name; its certificate keeps the one the registry requires, as issued.
                CASE WHEN u.status = 'deleted' AND k.code IS NOT NULL THEN k.first_name ELSE u.first_name END AS firstName,
                CASE WHEN u.status = 'deleted' AND k.code IS NOT NULL THEN k.last_name ELSE u.last_name END AS lastName,
                CASE WHEN u.status = 'deleted' AND k.code IS NOT NULL THEN k.fiscal_code ELSE u.fiscal_code END AS fiscalCode,
                CASE WHEN u.status = 'deleted' THEN u.deleted_at END AS deletedAt,
                EXISTS (SELECT 1 FROM ecm_satisfaction_done d WHERE d.user_id = u.id AND d.course_id = ?2) AS questionnaireDone,
                k.code AS certificateCode, k.completed_at AS completedAt, k.issued_at AS issuedAt, k.credits,
                k.tracked_ms_at_issue AS trackedMsAtIssue, k.completed_sessions_at_issue AS completedSessionsAtIssue
         FROM user u LEFT JOIN ecm_certificate k ON k.user_id = u.id AND k.course_id = ?2 AND k.site_id = ?1 AND (?7 IS NULL OR k.edition = ?7)
         WHERE u.site_id = ?1 AND u.id IN (${learners}) ORDER BY lastName, firstName, u.code`,
      )
      .bind(siteId, courseId, null, null, ...bounds),
    db
      .prepare(
        `SELECT l.user_id AS userId, s.module_number AS moduleNumber, s.number, COALESCE(t.title, t_d.title, '') AS title,
                (SELECT MIN(h.created_at - h.ms) FROM hit h WHERE h.user_id = l.user_id AND h.course_id = s.course_id AND h.module_number = s.module_number AND h.session_number = s.number AND h.ms > 0 AND ${inDays('h.created_at')}) AS firstAt,
                (SELECT MAX(h.created_at) FROM hit h WHERE h.user_id = l.user_id AND h.course_id = s.course_id AND h.module_number = s.module_number AND h.session_number = s.number AND h.ms > 0 AND ${inDays('h.created_at')}) AS lastAt,
                (SELECT COALESCE(SUM(h.ms), 0) FROM hit h WHERE h.user_id = l.user_id AND h.course_id = s.course_id AND h.module_number = s.module_number AND h.session_number = s.number AND ${inDays('h.created_at')}) AS trackedMs,
                p.completed_at AS completedAt
         FROM (${learners}) l JOIN user u ON u.id = l.user_id AND u.status <> 'deleted'
         JOIN session s ON s.course_id = ?2 AND s.removed_at IS NULL
         JOIN course c ON c.id = s.course_id AND c.site_id = ?1
         LEFT JOIN module m ON m.course_id = s.course_id AND m.number = s.module_number
         LEFT JOIN session_text t ON t.course_id = s.course_id AND t.module_number = s.module_number AND t.number = s.number AND t.locale = ?3
         LEFT JOIN session_text t_d ON t_d.course_id = s.course_id AND t_d.module_number = s.module_number AND t_d.number = s.number AND t_d.locale = ?4
         LEFT JOIN session_progress p ON p.user_id = l.user_id AND p.course_id = s.course_id AND p.module_number = s.module_number AND p.number = s.number
           AND ${inDays('p.completed_at')}
         ORDER BY l.user_id, COALESCE(m.position, s.module_number), COALESCE(s.position, s.number)`,
      )
      .bind(siteId, courseId, locale, defaultLocale, ...bounds),
    db
      .prepare(
        `SELECT user_id AS userId, number, started_at AS startedAt, submitted_at AS submittedAt, correct, total, passed
         FROM ecm_attempt WHERE site_id = ?1 AND course_id = ?2 AND ${inEdition} ORDER BY user_id, number`,
      )
      .bind(siteId, courseId, null, null, ...bounds),
  ]);
  const byUser = <T>(rows: Record<string, unknown>[] | undefined, map: (row: Record<string, unknown>) => T) => {
    const grouped = new Map<string, T[]>();
    for (const row of rows ?? []) {
      const list = grouped.get(String(row.userId)) ?? [];
      list.push(map(row));
      grouped.set(String(row.userId), list);
    }
    return grouped;
  };
  const orNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  const sessionsOf = byUser(sessions?.results, (row) => ({
    moduleNumber: Number(row.moduleNumber),
    number: Number(row.number),
    title: String(row.title),
    firstAt: orNumber(row.firstAt),
    lastAt: orNumber(row.lastAt),
    trackedMs: Number(row.trackedMs),
    completedAt: orNumber(row.completedAt),
  }));
  const attemptsOf = byUser(attempts?.results, (row) => ({
    number: Number(row.number),
    startedAt: Number(row.startedAt),
    submittedAt: orNumber(row.submittedAt),
    correct: orNumber(row.correct),
    total: orNumber(row.total),
    passed: row.passed === null ? null : Boolean(row.passed),
  }));
  return (people?.results ?? []).map((row) => ({
    userId: String(row.userId),
    code: String(row.code),
    firstName: String(row.firstName),
    lastName: String(row.lastName),
    fiscalCode: row.fiscalCode === null ? null : String(row.fiscalCode),
    deletedAt: orNumber(row.deletedAt),
    sessions: sessionsOf.get(String(row.userId)) ?? [],
    attempts: attemptsOf.get(String(row.userId)) ?? [],
    questionnaireDone: Boolean(row.questionnaireDone),
    certificate:
      row.certificateCode === null
        ? null
        : {
            code: String(row.certificateCode),
            completedAt: Number(row.completedAt),
            issuedAt: Number(row.issuedAt),
            credits: Number(row.credits),
            trackedMsAtIssue: orNumber(row.trackedMsAtIssue),
            completedSessionsAtIssue: orNumber(row.completedSessionsAtIssue),
          },
  }));
}

/** The ECM courses of the site (those with credits and an event), by title in the page's locale. */
export async function listAuditedCourses(db: D1Database, siteId: string, locale: string, defaultLocale: string): Promise<{ id: string; title: string }[]> {
  const { results } = await db
    .prepare(
      `SELECT c.id, COALESCE(t.title, t_d.title, c.id) AS title FROM course c JOIN ecm_course e ON e.course_id = c.id
       LEFT JOIN course_text t ON t.course_id = c.id AND t.locale = ?2
       LEFT JOIN course_text t_d ON t_d.course_id = c.id AND t_d.locale = ?3
       WHERE c.site_id = ?1 AND c.ecm_credits IS NOT NULL ORDER BY 2`,
    )
    .bind(siteId, locale, defaultLocale)
    .all<{ id: string; title: string }>();
  return results;
}
