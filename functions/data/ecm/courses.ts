import type { D1Database } from '@cloudflare/workers-types';
import { parseDuration } from '../../../core/duration.ts';
import type { AssessmentMode } from '../../../core/ecm/assessment-rules.ts';
import { bankFields, type BankFields } from '../../../core/ecm/question-bank.ts';

export interface EcmCourse {
  courseId: string;
  credits: number;
  eventId: string;
  edition: number;
  mode: AssessmentMode;
  /** Declared duration of all sessions, in milliseconds. */
  declaredMs: number;
}

export interface EcmSettings {
  providerId: string;
  providerName: string;
  minTimeShare: number | null;
}

/** An ECM course of the site: it has credits and an accredited event. Null otherwise. */
export async function findEcmCourse(db: D1Database, siteId: string, courseId: string): Promise<EcmCourse | null> {
  const row = await db
    .prepare(
      `SELECT c.id AS courseId, c.ecm_credits AS credits, e.event_id AS eventId, e.edition, e.mode,
              (SELECT group_concat(s.duration, '|') FROM session s WHERE s.course_id = c.id AND s.removed_at IS NULL) AS durations
       FROM course c JOIN ecm_course e ON e.course_id = c.id
       WHERE c.site_id = ? AND c.id = ? AND c.ecm_credits IS NOT NULL`,
    )
    .bind(siteId, courseId)
    .first<Omit<EcmCourse, 'declaredMs'> & { durations: string | null }>();
  if (!row) return null;
  const { durations, ...course } = row;
  const declaredMs = (durations ? durations.split('|') : []).reduce((sum, text) => {
    const [h, m, s] = parseDuration(text);
    return sum + ((h * 60 + m) * 60 + s) * 1000;
  }, 0);
  return { ...course, declaredMs };
}

export async function findEcmSettings(db: D1Database, siteId: string): Promise<EcmSettings | null> {
  return db
    .prepare('SELECT provider_id AS providerId, provider_name AS providerName, min_time_share AS minTimeShare FROM ecm_site WHERE site_id = ?')
    .bind(siteId)
    .first<EcmSettings>();
}

/** Sessions of the course the learner completed, of how many. */
export async function sessionProgress(db: D1Database, userId: string, courseId: string): Promise<{ done: number; total: number }> {
  const row = await db
    .prepare(
      `SELECT COUNT(*) AS total, COUNT(p.completed_at) AS done FROM session s
       LEFT JOIN session_progress p ON p.user_id = ? AND p.course_id = s.course_id AND p.module_number = s.module_number AND p.number = s.number
       WHERE s.course_id = ? AND s.removed_at IS NULL`,
    )
    .bind(userId, courseId)
    .first<{ total: number; done: number }>();
  return { done: Number(row?.done ?? 0), total: Number(row?.total ?? 0) };
}

/** Learning time the server counted in the course's pages (hits), in milliseconds. */
export async function trackedCourseMs(db: D1Database, userId: string, courseId: string): Promise<number> {
  const row = await db.prepare('SELECT COALESCE(SUM(ms), 0) AS ms FROM hit WHERE user_id = ? AND course_id = ?').bind(userId, courseId).first<{ ms: number }>();
  return Number(row?.ms ?? 0);
}

/** The live bank of a course in a locale, or null when that locale has none. */
export async function readBank(db: D1Database, courseId: string, locale: string): Promise<BankFields | null> {
  const row = await db.prepare('SELECT questions FROM ecm_bank WHERE course_id = ? AND locale = ?').bind(courseId, locale).first<{ questions: string }>();
  if (!row) return null;
  const parsed = bankFields.safeParse({ questions: JSON.parse(row.questions) as unknown });
  return parsed.success ? parsed.data : null;
}
