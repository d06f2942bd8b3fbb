import type { D1Database, D1PreparedStatement, D1Result } from '@cloudflare/workers-types';
import type { ScormVersion } from '../../../core/scorm/manifest.ts';
import type { CmiFacts } from '../../../core/scorm/runtime.ts';
import type { SessionRef } from '../../../core/session-ref.ts';

/** A learner's runtime data in one SCORM session, as kept. */
export interface ScormState {
  version: ScormVersion;
  completion: string;
  success: string;
  scoreScaled: number | null;
  scoreRaw: number | null;
  packageSeconds: number;
  cmi: Record<string, unknown>;
  updatedAt: number;
}

/** One item's data (`item`: the manifest item's key, core/scorm/manifest.ts `itemKey`). */
export async function findScormState(db: D1Database, ref: SessionRef, item: string): Promise<ScormState | null> {
  const row = await db
    .prepare(
      `SELECT version, completion, success, score_scaled AS scoreScaled, score_raw AS scoreRaw, package_seconds AS packageSeconds, cmi, updated_at AS updatedAt
       FROM scorm_state WHERE user_id = ? AND course_id = ? AND module_number = ? AND number = ? AND item = ?`,
    )
    .bind(ref.userId, ref.courseId, ref.moduleNumber, ref.number, item)
    .first<Omit<ScormState, 'cmi'> & { cmi: string }>();
  return row ? { ...row, cmi: JSON.parse(row.cmi) as Record<string, unknown> } : null;
}

/** Every item's data the learner has in the session, by item key. */
export async function findScormStates(db: D1Database, ref: SessionRef): Promise<Map<string, ScormState>> {
  const { results } = await db
    .prepare(
      `SELECT item, version, completion, success, score_scaled AS scoreScaled, score_raw AS scoreRaw, package_seconds AS packageSeconds, cmi, updated_at AS updatedAt
       FROM scorm_state WHERE user_id = ? AND course_id = ? AND module_number = ? AND number = ?`,
    )
    .bind(ref.userId, ref.courseId, ref.moduleNumber, ref.number)
    .all<Omit<ScormState, 'cmi'> & { cmi: string; item: string }>();
  return new Map(results.map(({ item, ...row }) => [item, { ...row, cmi: JSON.parse(row.cmi) as Record<string, unknown> }]));
}

export interface CommitRow {
  /** The item's key (core/scorm/manifest.ts `itemKey`). */
  item: string;
  version: ScormVersion;
  facts: CmiFacts;
  /** The package's total: what it had when the sitting began plus this sitting's session time. */
  packageSeconds: number;
  cmi: Record<string, unknown>;
  attempt: string;
  sequence: number;
  now: number;
}

/**
 * One statement: the commit kept unless a later commit of the same sitting is already there
 * (a retry arriving late changes nothing). Returns the row as it stands after it.
 */
export function saveCommitStatement(db: D1Database, ref: SessionRef, row: CommitRow): D1PreparedStatement {
  const { facts } = row;
  return db
    .prepare(
      `INSERT INTO scorm_state (user_id, course_id, module_number, number, version, completion, success, score_scaled, score_raw, location, suspend_data,
         package_seconds, cmi, attempt, commits, updated_at, item)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)
       ON CONFLICT (user_id, course_id, module_number, number, item) DO UPDATE SET version = excluded.version, completion = excluded.completion,
         success = excluded.success, score_scaled = excluded.score_scaled, score_raw = excluded.score_raw, location = excluded.location,
         suspend_data = excluded.suspend_data, package_seconds = excluded.package_seconds, cmi = excluded.cmi, attempt = excluded.attempt,
         commits = excluded.commits, updated_at = excluded.updated_at
       WHERE scorm_state.attempt <> excluded.attempt OR scorm_state.commits < excluded.commits
       RETURNING completion, success, score_scaled AS scoreScaled`,
    )
    .bind(
      ref.userId,
      ref.courseId,
      ref.moduleNumber,
      ref.number,
      row.version,
      facts.completion.slice(0, 40),
      facts.success.slice(0, 40),
      facts.scoreScaled,
      facts.scoreRaw,
      facts.location.slice(0, 1000),
      facts.suspendData.slice(0, 64_000),
      Math.round(row.packageSeconds),
      JSON.stringify(row.cmi),
      row.attempt,
      row.sequence,
      row.now,
      row.item,
    );
}

/** One item's state as its package reported it. */
export interface CourseScormState {
  moduleNumber: number;
  number: number;
  completion: string;
  success: string;
  scoreScaled: number | null;
}

/** What a learner's packages reported in a course, item by item (the course page's status and score per SCORM session), as a statement for a batch (read back by `courseScormStatesOf`). */
export function courseScormStatesStatement(db: D1Database, userId: string, courseId: string): D1PreparedStatement {
  return db
    .prepare(
      `SELECT module_number AS moduleNumber, number, completion, success, score_scaled AS scoreScaled
       FROM scorm_state WHERE user_id = ? AND course_id = ? ORDER BY module_number, number, item`,
    )
    .bind(userId, courseId);
}

export function courseScormStatesOf(result: D1Result | undefined): CourseScormState[] {
  return (result?.results ?? []) as CourseScormState[];
}
