import type { D1Database } from '@cloudflare/workers-types';
import { romeDayHour } from '../../../core/rome-time.ts';
import { earnsBadge, experience, levelFor, longestStreak, type BadgeRule } from '../../../core/gamification.ts';
import type { Completion } from '../../../core/contracts/lms.ts';

export type { Completion };

/**
 * Completes a session the caller found on this site, with its course's category: every completion
 * is gated by the evidence read (functions/lms/session-evidence.ts), which found both already.
 */
export async function completeSession(
  db: D1Database,
  siteId: string,
  userId: string,
  courseId: string,
  moduleNumber: number,
  number: number,
  categoryId: string,
  locale: string,
  now: number,
): Promise<Completion> {
  // The rules read the learner's progress as it will be once this session counts (the `done` view:
  // stored progress plus this completion), so that progress, level and badges are then written in
  // ONE batch: a failure anywhere leaves none of them half-written.
  const done = `done AS (SELECT course_id, module_number, number, completed_at FROM session_progress WHERE user_id = ?1
                UNION SELECT ?2, ?3, ?4, ?5 WHERE NOT EXISTS (SELECT 1 FROM session_progress WHERE user_id = ?1 AND course_id = ?2 AND module_number = ?3 AND number = ?4))`;
  const view = [userId, courseId, moduleNumber, number, now] as const;
  const [already, courseProgress, categoryCounts, totals, completionTimes, minutes, previousLevel, badges] = await db.batch<Record<string, unknown>>([
    db
      .prepare('SELECT 1 AS found FROM session_progress WHERE user_id = ? AND course_id = ? AND module_number = ? AND number = ?')
      .bind(userId, courseId, moduleNumber, number),
    db
      .prepare(
        `WITH ${done} SELECT COUNT(*) AS total, COUNT(d.completed_at) AS done FROM session s LEFT JOIN done d ON d.course_id = s.course_id AND d.module_number = s.module_number AND d.number = s.number WHERE s.course_id = ?2 AND s.removed_at IS NULL`,
      )
      .bind(...view),
    db
      .prepare(
        `WITH ${done} SELECT COUNT(d.completed_at) AS sessions,
                (SELECT COUNT(*) FROM course c2 WHERE c2.category_id = ?6 AND c2.site_id = ?7 AND NOT EXISTS (
                   SELECT 1 FROM session s2 WHERE s2.course_id = c2.id AND s2.removed_at IS NULL AND NOT EXISTS (
                     SELECT 1 FROM done d2 WHERE d2.course_id = s2.course_id AND d2.module_number = s2.module_number AND d2.number = s2.number))) AS courses
         FROM done d JOIN course c ON c.id = d.course_id WHERE c.category_id = ?6`,
      )
      .bind(...view, categoryId, siteId),
    db
      .prepare(
        `WITH ${done} SELECT (SELECT COUNT(*) FROM done) AS sessions,
                (SELECT COUNT(*) FROM course c WHERE c.site_id = ?6 AND NOT EXISTS (
                   SELECT 1 FROM session s WHERE s.course_id = c.id AND s.removed_at IS NULL AND NOT EXISTS (
                     SELECT 1 FROM done d WHERE d.course_id = s.course_id AND d.module_number = s.module_number AND d.number = s.number))) AS courses`,
      )
      .bind(...view, siteId),
    db.prepare(`WITH ${done} SELECT completed_at AS at FROM done`).bind(...view),
    db.prepare('SELECT COALESCE(SUM(ms), 0) AS ms FROM stats_total WHERE site_id = ? AND user_id = ?').bind(siteId, userId),
    db.prepare('SELECT level FROM user_level WHERE user_id = ? AND category_id = ?').bind(userId, categoryId),
    db
      .prepare(
        `SELECT b.id, b.rule, b.threshold, b.icon, COALESCE(t.name, b.id) AS name, u.badge_id AS held FROM badge b
         LEFT JOIN badge_text t ON t.badge_id = b.id AND t.locale = ?
         LEFT JOIN user_badge u ON u.badge_id = b.id AND u.user_id = ?
         WHERE b.site_id = ? ORDER BY b.position`,
      )
      .bind(locale, userId, siteId),
  ]);
  const newlyCompleted = (already?.results.length ?? 0) === 0;
  const first = <T>(result: { results: Record<string, unknown>[] } | undefined) => (result?.results[0] ?? {}) as T;
  const course = first<{ total: number; done: number }>(courseProgress);
  const category = first<{ sessions: number; courses: number }>(categoryCounts);
  const overall = first<{ sessions: number; courses: number }>(totals);
  const xp = experience(category.sessions, category.courses);
  const level = levelFor(xp);
  const before = first<{ level?: number }>(previousLevel).level ?? 0;
  const facts = {
    sessions: overall.sessions,
    courses: overall.courses,
    streak: longestStreak((completionTimes?.results ?? []).map((row) => romeDayHour(Number(row.at)).day)),
    minutes: Math.floor(Number(first<{ ms: number }>(minutes).ms) / 60_000),
  };
  const earned = (badges?.results ?? []).filter((badge) => badge.held === null && earnsBadge(badge.rule as BadgeRule, Number(badge.threshold), facts));

  const writes = [
    db
      .prepare('INSERT OR IGNORE INTO session_progress (user_id, course_id, module_number, number, completed_at) VALUES (?, ?, ?, ?, ?)')
      .bind(userId, courseId, moduleNumber, number, now),
    db
      .prepare(
        `INSERT INTO user_level (user_id, category_id, level, experience, obtained_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (user_id, category_id) DO UPDATE SET experience = excluded.experience,
           obtained_at = CASE WHEN user_level.level = excluded.level THEN user_level.obtained_at ELSE excluded.obtained_at END,
           level = excluded.level`,
      )
      .bind(userId, categoryId, level, xp, now),
    ...earned.map((badge) =>
      db.prepare('INSERT OR IGNORE INTO user_badge (user_id, badge_id, obtained_at, amount, chain) VALUES (?, ?, ?, 1, 1)').bind(userId, String(badge.id), now),
    ),
  ];
  await db.batch(writes);
  return {
    courseId,
    moduleNumber,
    number,
    newlyCompleted,
    progress: { done: course.done, total: course.total, courseCompleted: course.done === course.total },
    level: { categoryId, level, experience: xp, levelUp: level > before },
    badges: earned.map((badge) => ({ _id: String(badge.id), name: String(badge.name), icon: String(badge.icon) })),
  };
}
