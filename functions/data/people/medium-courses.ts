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
 * The live courses whose live sessions use a course medium (`/media/…`): not withdrawn, the module
 * and the session not removed. Each with its access mode (open without a row) and whether the user
 * is enrolled. A draft's medium (a course never published, a session or module removed, a file no
 * session names) is in none.
 */
export async function liveCoursesUsing(db: D1Database, url: string, userId: string): Promise<{ mode: CourseAccessMode; enrolled: boolean }[]> {
  const { results } = await db
    .prepare(
      `SELECT DISTINCT c.id, COALESCE(a.mode, 'open') AS mode, EXISTS (SELECT 1 FROM enrolment e WHERE e.course_id = c.id AND e.user_id = ?2) AS enrolled
       FROM session s
       JOIN module m ON m.course_id = s.course_id AND m.number = s.module_number AND m.removed_at IS NULL
       JOIN course c ON c.id = s.course_id AND c.withdrawn_at IS NULL
       LEFT JOIN course_access a ON a.course_id = c.id
       WHERE s.removed_at IS NULL AND ${USES_MEDIUM}`,
    )
    .bind(url, userId)
    .all<{ mode: CourseAccessMode; enrolled: number }>();
  return results.map((row) => ({ mode: row.mode, enrolled: row.enrolled === 1 }));
}
