import type { D1Database, D1PreparedStatement, D1Result } from '@cloudflare/workers-types';
import type { WatchState } from '../../../core/session-evidence.ts';

/**
 * Writes where the learner stopped in a video session of this site, and the watch state the server
 * derived from it (core/session-evidence.ts). False when there is no such video session (nothing
 * written). One batch: the session check and both writes are atomic.
 */
export async function savePosition(
  db: D1Database,
  siteId: string,
  userId: string,
  courseId: string,
  moduleNumber: number,
  number: number,
  seconds: number,
  now: number,
  watch: WatchState,
): Promise<boolean> {
  const videoSession = `FROM session s JOIN course c ON c.id = s.course_id
       WHERE c.site_id = ?7 AND s.course_id = ?2 AND s.module_number = ?3 AND s.number = ?4 AND s.kind = 'video' AND s.removed_at IS NULL`;
  const [position] = await db.batch([
    db
      .prepare(
        `INSERT INTO session_position (user_id, course_id, module_number, number, seconds, updated_at)
       SELECT ?1, s.course_id, s.module_number, s.number, ?5, ?6 ${videoSession}
       ON CONFLICT (user_id, course_id, module_number, number) DO UPDATE SET seconds = excluded.seconds, updated_at = excluded.updated_at`,
      )
      .bind(userId, courseId, moduleNumber, number, seconds, now, siteId),
    db
      .prepare(
        `INSERT INTO session_watch (user_id, course_id, module_number, number, watched_to, last_seconds, last_at)
       SELECT ?1, s.course_id, s.module_number, s.number, ?8, ?5, ?6 ${videoSession}
       ON CONFLICT (user_id, course_id, module_number, number) DO UPDATE SET watched_to = excluded.watched_to, last_seconds = excluded.last_seconds, last_at = excluded.last_at`,
      )
      .bind(userId, courseId, moduleNumber, number, watch.lastSeconds, watch.lastAt, siteId, watch.watchedTo),
  ]);
  return (position?.meta.changes ?? 0) > 0;
}

/** How far the server saw the learner watch a video session, or null before any report. */
export async function findWatch(db: D1Database, userId: string, courseId: string, moduleNumber: number, number: number): Promise<WatchState | null> {
  return db
    .prepare(
      'SELECT watched_to AS watchedTo, last_seconds AS lastSeconds, last_at AS lastAt FROM session_watch WHERE user_id = ? AND course_id = ? AND module_number = ? AND number = ?',
    )
    .bind(userId, courseId, moduleNumber, number)
    .first<WatchState>();
}

/** Where the learner stopped in each video of a course, in seconds by `{module}/{number}`: one statement, for a batch. */
export function coursePositionsStatement(db: D1Database, userId: string, courseId: string): D1PreparedStatement {
  return db.prepare('SELECT module_number AS moduleNumber, number, seconds FROM session_position WHERE user_id = ? AND course_id = ?').bind(userId, courseId);
}

export function coursePositionsOf(result: D1Result): Map<string, number> {
  return new Map(
    (result.results as { moduleNumber: number; number: number; seconds: number }[]).map((row) => [`${row.moduleNumber}/${row.number}`, row.seconds]),
  );
}

/** The learner's courses on this site by latest activity (a visited session, a completion, a video position, a package's commit), newest first: for a batch (read back by `recentCourseIdsOf`). */
export function recentCourseIdsStatement(db: D1Database, siteId: string, userId: string, limit = 5): D1PreparedStatement {
  return db
    .prepare(
      `SELECT a.course_id AS courseId, MAX(a.at) AS last FROM (
         SELECT course_id, MAX(created_at) AS at FROM hit WHERE user_id = ?1 AND course_id IS NOT NULL GROUP BY course_id
         UNION ALL SELECT course_id, completed_at AS at FROM session_progress WHERE user_id = ?1
         UNION ALL SELECT course_id, updated_at AS at FROM session_position WHERE user_id = ?1
         UNION ALL SELECT course_id, updated_at AS at FROM scorm_state WHERE user_id = ?1
       ) a JOIN course c ON c.id = a.course_id WHERE c.site_id = ?2
       GROUP BY a.course_id ORDER BY last DESC LIMIT ?3`,
    )
    .bind(userId, siteId, limit);
}

export function recentCourseIdsOf(result: D1Result): string[] {
  return (result.results as { courseId: string }[]).map((row) => row.courseId);
}

/** The session of a course the learner was on last (a visit, a completion, a video position, a package's commit), none before any: for a batch (read back by `lastSessionOf`). */
export function lastSessionStatement(db: D1Database, userId: string, courseId: string): D1PreparedStatement {
  return db
    .prepare(
      `SELECT module_number AS moduleNumber, number FROM (
         SELECT * FROM (SELECT module_number, session_number AS number, created_at AS at FROM hit
           WHERE user_id = ?1 AND course_id = ?2 AND session_number IS NOT NULL ORDER BY created_at DESC LIMIT 1)
         UNION ALL SELECT module_number, number, completed_at FROM session_progress WHERE user_id = ?1 AND course_id = ?2
         UNION ALL SELECT module_number, number, updated_at FROM session_position WHERE user_id = ?1 AND course_id = ?2
         UNION ALL SELECT module_number, number, updated_at FROM scorm_state WHERE user_id = ?1 AND course_id = ?2
       ) ORDER BY at DESC LIMIT 1`,
    )
    .bind(userId, courseId);
}

export function lastSessionOf(result: D1Result): { moduleNumber: number; number: number } | null {
  return (result.results[0] as { moduleNumber: number; number: number } | undefined) ?? null;
}
