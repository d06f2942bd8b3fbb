import type { D1Database } from '@cloudflare/workers-types';
import type { CourseAccessMode } from '../../../core/course-access.ts';

/**
 * A session's medium, poster or captions file names this address, or an image of its text in any
 * locale does (captions and bodies are JSON: the address is a quoted string in them).
 */
const USES_MEDIUM = `(s.media_url = ?1 OR s.poster_url = ?1 OR instr(s.captions, '"' || ?1 || '"') > 0
  OR EXISTS (SELECT 1 FROM session_text b WHERE b.course_id = s.course_id AND b.module_number = s.module_number AND b.number = s.number
             AND instr(b.body, '"' || ?1 || '"') > 0))`;

/**
 * The courses not open to everyone whose sessions use a course medium (`/media/…`), each with its
 * mode and whether the user is enrolled: only those courses' sessions are read, so while every
 * course is open this finds nothing at once.
 */
export async function restrictedCoursesUsing(db: D1Database, url: string, userId: string): Promise<{ mode: CourseAccessMode; enrolled: boolean }[]> {
  const { results } = await db
    .prepare(
      `SELECT DISTINCT a.course_id, a.mode, EXISTS (SELECT 1 FROM enrolment e WHERE e.course_id = a.course_id AND e.user_id = ?2) AS enrolled
       FROM course_access a JOIN session s ON s.course_id = a.course_id
       WHERE a.mode <> 'open' AND ${USES_MEDIUM}`,
    )
    .bind(url, userId)
    .all<{ mode: CourseAccessMode; enrolled: number }>();
  return results.map((row) => ({ mode: row.mode, enrolled: row.enrolled === 1 }));
}

/** Whether a course open to everyone uses the medium too (read only when a restricted one does). */
export async function openCourseUses(db: D1Database, url: string): Promise<boolean> {
  const row = await db
    .prepare(
      `SELECT 1 AS used FROM session s LEFT JOIN course_access a ON a.course_id = s.course_id
       WHERE COALESCE(a.mode, 'open') = 'open' AND ${USES_MEDIUM} LIMIT 1`,
    )
    .bind(url)
    .first<{ used: number }>();
  return row !== null;
}
