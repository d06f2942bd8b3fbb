import type { D1Database } from '@cloudflare/workers-types';
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

/** The learner's saved position in one session, in seconds, or null. */
export async function findPosition(db: D1Database, userId: string, courseId: string, moduleNumber: number, number: number): Promise<number | null> {
  const row = await db
    .prepare('SELECT seconds FROM session_position WHERE user_id = ? AND course_id = ? AND module_number = ? AND number = ?')
    .bind(userId, courseId, moduleNumber, number)
    .first<{ seconds: number }>();
  return row?.seconds ?? null;
}

/** The learner's courses on this site by latest activity (a visited session, a completion, a video position, a package's commit), newest first. */
export async function listRecentCourseIds(db: D1Database, siteId: string, userId: string, limit = 5): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT a.course_id AS courseId, MAX(a.at) AS last FROM (
         SELECT course_id, MAX(created_at) AS at FROM hit WHERE user_id = ?1 AND course_id IS NOT NULL GROUP BY course_id
         UNION ALL SELECT course_id, completed_at AS at FROM session_progress WHERE user_id = ?1
         UNION ALL SELECT course_id, updated_at AS at FROM session_position WHERE user_id = ?1
         UNION ALL SELECT course_id, updated_at AS at FROM scorm_state WHERE user_id = ?1
       ) a JOIN course c ON c.id = a.course_id WHERE c.site_id = ?2
       GROUP BY a.course_id ORDER BY last DESC LIMIT ?3`,
    )
    .bind(userId, siteId, limit)
    .all<{ courseId: string }>();
  return results.map((row) => row.courseId);
}

/** The session of a course the learner was on last (a visit, a completion, a video position, a package's commit), or null before any. */
export async function findLastSession(db: D1Database, userId: string, courseId: string): Promise<{ moduleNumber: number; number: number } | null> {
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
    .bind(userId, courseId)
    .first<{ moduleNumber: number; number: number }>();
}
