import type { D1Database } from '@cloudflare/workers-types';
import type { ScormSessionState } from '../../../core/contracts/scorm.ts';
import { listCourses } from './courses.ts';
import type { LearnerBadge, LearnerLevel } from '../../../core/contracts/game.ts';
import type { LearnerCourse } from '../../../core/contracts/lms.ts';

export type { LearnerBadge, LearnerCourse, LearnerLevel };

/** The learner's courses with progress: those with at least one completed session. */
export async function listLearnerCourses(db: D1Database, siteId: string, userId: string, locale: string, defaultLocale: string): Promise<LearnerCourse[]> {
  // A course counts from its first visited session (a hit, a video position, a package's commit),
  // not only once a session is completed: the latest of those is its last activity.
  const progress = await db
    .prepare(
      `WITH touched AS (
         SELECT course_id, MAX(at) AS at FROM (
           SELECT course_id, MAX(created_at) AS at FROM hit WHERE user_id = ?1 AND course_id IS NOT NULL GROUP BY course_id
           UNION ALL SELECT course_id, completed_at FROM session_progress WHERE user_id = ?1
           UNION ALL SELECT course_id, updated_at FROM session_position WHERE user_id = ?1
           UNION ALL SELECT course_id, updated_at FROM scorm_state WHERE user_id = ?1
         ) GROUP BY course_id
       )
       SELECT s.course_id AS courseId, COUNT(*) AS total, COUNT(p.completed_at) AS done, t.at AS lastActivity,
         EXISTS (SELECT 1 FROM ecm_course ec WHERE ec.course_id = t.course_id)
           AND NOT EXISTS (SELECT 1 FROM ecm_certificate x WHERE x.user_id = ?1 AND x.course_id = t.course_id) AS ecmOpen
       FROM touched t JOIN course c ON c.id = t.course_id AND c.site_id = ?2
       JOIN session s ON s.course_id = t.course_id AND s.removed_at IS NULL
       LEFT JOIN session_progress p ON p.user_id = ?1 AND p.course_id = s.course_id AND p.module_number = s.module_number AND p.number = s.number
       GROUP BY s.course_id`,
    )
    .bind(userId, siteId)
    .all<{ courseId: string; total: number; done: number; lastActivity: number; ecmOpen: number }>();
  const cards = await listCourses(db, siteId, locale, defaultLocale, { ids: progress.results.map((row) => row.courseId) });
  const byId = new Map(cards.map((card) => [card.id, card]));
  const scorm = await db
    .prepare(
      `SELECT ss.course_id AS courseId, ss.module_number AS module, ss.number AS session, ss.item, ss.completion, ss.success, ss.score_scaled AS scoreScaled
       FROM scorm_state ss JOIN course c ON c.id = ss.course_id AND c.site_id = ?2
       WHERE ss.user_id = ?1 ORDER BY ss.course_id, ss.module_number, ss.number, ss.item`,
    )
    .bind(userId, siteId)
    .all<ScormSessionState & { courseId: string }>();
  const scormOf = (courseId: string) => scorm.results.filter((row) => row.courseId === courseId).map(({ courseId: _course, ...state }) => state);
  return progress.results
    .flatMap((row) => {
      const card = byId.get(row.courseId);
      if (!card) return [];
      const ecmPending = row.done === row.total && Boolean(row.ecmOpen);
      return [{ ...card, done: row.done, total: row.total, lastActivity: row.lastActivity, scorm: scormOf(row.courseId), ecmPending }];
    })
    .sort((a, b) => b.lastActivity - a.lastActivity);
}

/** A course stays among the learner's courses in progress until every session is done and, for an ECM course, its certificate issued. */
export const inProgress = (course: LearnerCourse): boolean => course.done < course.total || course.ecmPending;
