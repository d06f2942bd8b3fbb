import type { D1Database } from '@cloudflare/workers-types';
import { listCourses } from './courses.ts';
import type { LearnerBadge, LearnerLevel } from '../../../core/contracts/game.ts';
import type { LearnerCourse } from '../../../core/contracts/lms.ts';

export type { LearnerBadge, LearnerCourse, LearnerLevel };

/** The learner's courses with progress: those with at least one completed session. */
export async function listLearnerCourses(db: D1Database, siteId: string, userId: string, locale: string, defaultLocale: string): Promise<LearnerCourse[]> {
  const progress = await db
    .prepare(
      `SELECT s.course_id AS courseId, COUNT(*) AS total, COUNT(p.completed_at) AS done, MAX(p.completed_at) AS lastActivity
       FROM session s JOIN course c ON c.id = s.course_id
       LEFT JOIN session_progress p ON p.user_id = ? AND p.course_id = s.course_id AND p.module_number = s.module_number AND p.number = s.number
       WHERE c.site_id = ? AND s.removed_at IS NULL GROUP BY s.course_id HAVING done > 0`,
    )
    .bind(userId, siteId)
    .all<{ courseId: string; total: number; done: number; lastActivity: number }>();
  const cards = await listCourses(db, siteId, locale, defaultLocale, { ids: progress.results.map((row) => row.courseId) });
  const byId = new Map(cards.map((card) => [card.id, card]));
  return progress.results
    .flatMap((row) => {
      const card = byId.get(row.courseId);
      return card ? [{ ...card, done: row.done, total: row.total, lastActivity: row.lastActivity }] : [];
    })
    .sort((a, b) => b.lastActivity - a.lastActivity);
}
