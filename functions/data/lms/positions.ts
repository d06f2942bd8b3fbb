import type { D1Database } from '@cloudflare/workers-types';

/**
 * Writes where the learner stopped in a video session of this site. False when there is no such
 * video session (nothing written). One statement: the session check and the write are atomic.
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
): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT INTO session_position (user_id, course_id, module_number, number, seconds, updated_at)
       SELECT ?1, s.course_id, s.module_number, s.number, ?5, ?6 FROM session s JOIN course c ON c.id = s.course_id
       WHERE c.site_id = ?7 AND s.course_id = ?2 AND s.module_number = ?3 AND s.number = ?4 AND s.kind = 'video' AND s.removed_at IS NULL
       ON CONFLICT (user_id, course_id, module_number, number) DO UPDATE SET seconds = excluded.seconds, updated_at = excluded.updated_at`,
    )
    .bind(userId, courseId, moduleNumber, number, seconds, now, siteId)
    .run();
  return (result.meta.changes ?? 0) > 0;
}

/** The learner's saved position in one session, in seconds, or null. */
export async function findPosition(db: D1Database, userId: string, courseId: string, moduleNumber: number, number: number): Promise<number | null> {
  const row = await db
    .prepare('SELECT seconds FROM session_position WHERE user_id = ? AND course_id = ? AND module_number = ? AND number = ?')
    .bind(userId, courseId, moduleNumber, number)
    .first<{ seconds: number }>();
  return row?.seconds ?? null;
}

/** The learner's courses on this site by latest activity (a completed session or a saved position), newest first. */
export async function listRecentCourseIds(db: D1Database, siteId: string, userId: string, limit = 5): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT a.course_id AS courseId, MAX(a.at) AS last FROM (
         SELECT course_id, completed_at AS at FROM session_progress WHERE user_id = ?1
         UNION ALL SELECT course_id, updated_at AS at FROM session_position WHERE user_id = ?1
       ) a JOIN course c ON c.id = a.course_id WHERE c.site_id = ?2
       GROUP BY a.course_id ORDER BY last DESC LIMIT ?3`,
    )
    .bind(userId, siteId, limit)
    .all<{ courseId: string }>();
  return results.map((row) => row.courseId);
}
