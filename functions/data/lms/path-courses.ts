import type { D1Database } from '@cloudflare/workers-types';

/** The courses of a learning path (a 'pf' page), in the path's order. */
export async function listPathCourseIds(db: D1Database, siteId: string, slug: string): Promise<string[]> {
  const { results } = await db
    .prepare('SELECT course_id AS courseId FROM page_course WHERE site_id = ? AND slug = ? ORDER BY position, course_id')
    .bind(siteId, slug)
    .all<{ courseId: string }>();
  return results.map((row) => row.courseId);
}

export interface CourseProgress {
  id: string;
  done: number;
  total: number;
}

/** How far the learner is in each of these courses of the site (0 done for a course not begun); unknown ids are left out. */
export async function listCourseProgress(db: D1Database, siteId: string, userId: string, courseIds: readonly string[]): Promise<CourseProgress[]> {
  if (courseIds.length === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT s.course_id AS id, COUNT(*) AS total, COUNT(p.completed_at) AS done
       FROM session s JOIN course c ON c.id = s.course_id
       LEFT JOIN session_progress p ON p.user_id = ? AND p.course_id = s.course_id AND p.module_number = s.module_number AND p.number = s.number
       WHERE c.site_id = ? AND s.removed_at IS NULL AND s.course_id IN (${courseIds.map(() => '?').join(', ')}) GROUP BY s.course_id`,
    )
    .bind(userId, siteId, ...courseIds)
    .all<CourseProgress>();
  return results;
}
