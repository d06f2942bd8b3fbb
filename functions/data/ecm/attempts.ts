import type { D1Database, D1PreparedStatement, D1Result } from '@cloudflare/workers-types';
import type { DrawnQuestion } from '../../../core/ecm/draw-attempt.ts';

export interface Attempt {
  id: string;
  userId: string;
  courseId: string;
  number: number;
  locale: string;
  questions: DrawnQuestion[];
  answers: Record<string, string>;
  startedAt: number;
  submittedAt: number | null;
  correct: number | null;
  total: number | null;
  passed: boolean | null;
  /** The edition open when the attempt was submitted. */
  edition: number | null;
}

interface AttemptRow {
  id: string;
  user_id: string;
  course_id: string;
  number: number;
  locale: string;
  questions: string;
  answers: string;
  started_at: number;
  submitted_at: number | null;
  correct: number | null;
  total: number | null;
  passed: number | null;
  edition: number | null;
}

const toAttempt = (row: AttemptRow): Attempt => ({
  id: row.id,
  userId: row.user_id,
  courseId: row.course_id,
  number: row.number,
  locale: row.locale,
  questions: JSON.parse(row.questions) as DrawnQuestion[],
  answers: JSON.parse(row.answers) as Record<string, string>,
  startedAt: row.started_at,
  submittedAt: row.submitted_at,
  correct: row.correct,
  total: row.total,
  passed: row.passed === null ? null : row.passed === 1,
  edition: row.edition,
});

/** Every attempt of a learner in a course, oldest first, as a statement for a batch (read by `attemptsOf`). */
export function attemptsStatement(db: D1Database, userId: string, courseId: string): D1PreparedStatement {
  return db.prepare('SELECT * FROM ecm_attempt WHERE user_id = ? AND course_id = ? ORDER BY number').bind(userId, courseId);
}

export function attemptsOf(result: D1Result | undefined): Attempt[] {
  return ((result?.results ?? []) as AttemptRow[]).map(toAttempt);
}

/** What an attempt came to, without its questions and answers: all a learner's ECM step needs. */
export type AttemptOutcome = Pick<Attempt, 'id' | 'number' | 'submittedAt' | 'correct' | 'total' | 'passed'>;

/** Every attempt's outcome, oldest first, as a statement for a batch (read by `attemptOutcomesOf`): the questions stay in the database. */
export function attemptOutcomesStatement(db: D1Database, userId: string, courseId: string): D1PreparedStatement {
  return db
    .prepare('SELECT id, number, submitted_at AS submittedAt, correct, total, passed FROM ecm_attempt WHERE user_id = ? AND course_id = ? ORDER BY number')
    .bind(userId, courseId);
}

export function attemptOutcomesOf(result: D1Result | undefined): AttemptOutcome[] {
  const rows = (result?.results ?? []) as (Omit<AttemptOutcome, 'passed'> & { passed: number | null })[];
  return rows.map((row) => ({ ...row, passed: row.passed === null ? null : row.passed === 1 }));
}

/** Every attempt of a learner in a course, oldest first. */
export async function listAttempts(db: D1Database, userId: string, courseId: string): Promise<Attempt[]> {
  return attemptsOf(await attemptsStatement(db, userId, courseId).all());
}

/** One attempt, only if it belongs to this learner and course: another learner's id finds nothing. */
export async function findAttempt(db: D1Database, userId: string, courseId: string, attemptId: string): Promise<Attempt | null> {
  const row = await db
    .prepare('SELECT * FROM ecm_attempt WHERE id = ? AND user_id = ? AND course_id = ?')
    .bind(attemptId, userId, courseId)
    .first<AttemptRow>();
  return row ? toAttempt(row) : null;
}

export interface NewAttempt {
  id: string;
  siteId: string;
  userId: string;
  courseId: string;
  locale: string;
  questions: DrawnQuestion[];
  now: number;
}

/**
 * Starts an attempt unless one is open, one has passed or the limit is reached, all checked in the
 * same statement (with the unique index on open attempts) so two racing requests cannot both
 * start one. False when nothing was written.
 */
export async function createAttempt(db: D1Database, attempt: NewAttempt, maxAttempts: number | null): Promise<boolean> {
  try {
    const result = await db
      .prepare(
        `INSERT INTO ecm_attempt (id, site_id, user_id, course_id, number, locale, questions, answers, started_at, updated_at)
         SELECT ?1, ?2, ?3, ?4, COALESCE(MAX(number), 0) + 1, ?5, ?6, '{}', ?7, ?7 FROM ecm_attempt WHERE user_id = ?3 AND course_id = ?4
         HAVING COALESCE(SUM(passed = 1), 0) = 0 AND COALESCE(SUM(submitted_at IS NULL), 0) = 0 AND (?8 IS NULL OR COUNT(*) < ?8)`,
      )
      .bind(attempt.id, attempt.siteId, attempt.userId, attempt.courseId, attempt.locale, JSON.stringify(attempt.questions), attempt.now, maxAttempts)
      .run();
    return (result.meta.changes ?? 0) > 0;
  } catch (error) {
    if (String(error).includes('UNIQUE')) return false;
    throw error;
  }
}

/** Saves the answers of an open attempt; false when it was submitted meanwhile. */
export async function saveAnswers(db: D1Database, attemptId: string, answers: Record<string, string>, now: number): Promise<boolean> {
  const result = await db
    .prepare('UPDATE ecm_attempt SET answers = ?, updated_at = ? WHERE id = ? AND submitted_at IS NULL')
    .bind(JSON.stringify(answers), now, attemptId)
    .run();
  return (result.meta.changes ?? 0) > 0;
}

/** Closes an attempt with its grade; false when it was already submitted (nothing written). */
export async function submitAttempt(
  db: D1Database,
  attemptId: string,
  outcome: { answers: Record<string, string>; correct: number; total: number; passed: boolean; edition: number },
  now: number,
): Promise<boolean> {
  const result = await db
    .prepare(
      'UPDATE ecm_attempt SET answers = ?, correct = ?, total = ?, passed = ?, edition = ?, submitted_at = ?, updated_at = ? WHERE id = ? AND submitted_at IS NULL',
    )
    .bind(JSON.stringify(outcome.answers), outcome.correct, outcome.total, outcome.passed ? 1 : 0, outcome.edition, now, now, attemptId)
    .run();
  return (result.meta.changes ?? 0) > 0;
}
