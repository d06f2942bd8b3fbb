import type { D1Database } from '@cloudflare/workers-types';
import { roleOf, roleStatement, type Role } from '../auth/roles.ts';
import { totalStatement, totalTimeOf } from '../hits/stats.ts';
import { tagsOf, tagsStatement, type Tag } from '../site/tags.ts';
import { courseFromResults, courseStatements, type CourseDetail } from './courses.ts';
import { badgesOf, badgesStatement, progressOf, progressStatements, type Badge, type Progress } from './game.ts';
import { coursePositionsOf, coursePositionsStatement, lastSessionOf, lastSessionStatement, recentCourseIdsOf, recentCourseIdsStatement } from './positions.ts';

/** What a learner's profile home shows besides where to resume: their progress, the site's badges and categories, time spent, recent courses, and the role that decides their modes. */
export interface ProfileHome {
  progress: Progress;
  badges: Badge[];
  categories: Tag[];
  /** Milliseconds, all time. */
  totalTimeSpent: number;
  /** The learner's courses by latest activity, newest first (at most 5). */
  recentCourseIds: string[];
  /** The role named, or null when none was asked for. */
  role: Role | null;
}

/**
 * The profile home's reads, in one batch (one round trip, where they were six): the same
 * statements GET /api/lms/game/{badge,progress}, /api/content/tag and the statistics read.
 * `roleId` is the user's first role, which decides their modes; null reads none.
 */
export async function readProfileHome(db: D1Database, siteId: string, userId: string, locale: string, roleId: string | null): Promise<ProfileHome> {
  const progress = progressStatements(db, userId);
  const results = await db.batch([
    ...progress,
    badgesStatement(db, siteId, locale),
    tagsStatement(db, siteId, locale, 'category'),
    totalStatement(db, siteId, userId),
    recentCourseIdsStatement(db, siteId, userId),
    ...(roleId ? [roleStatement(db, roleId)] : []),
  ]);
  const [badges, categories, total, recent, role] = results.slice(progress.length);
  if (!badges || !categories || !total || !recent) throw new Error('the profile batch answered fewer results than statements');
  return {
    progress: progressOf(results.slice(0, progress.length)),
    badges: badgesOf(badges),
    categories: tagsOf(categories),
    totalTimeSpent: totalTimeOf(total),
    recentCourseIds: recentCourseIdsOf(recent),
    role: role ? roleOf(role) : null,
  };
}

/** What resuming a course needs: the course with the learner's progress, the session they were on last, and their video positions in it. */
export interface CourseResume {
  course: CourseDetail;
  last: { moduleNumber: number; number: number } | null;
  /** Seconds by `{module}/{number}`. */
  positions: Map<string, number>;
}

/** A course's resume facts (CourseResume) in one batch; null when the course is not live on the site. */
export async function readCourseResume(
  db: D1Database,
  siteId: string,
  courseId: string,
  locale: string,
  defaultLocale: string,
  userId: string,
): Promise<CourseResume | null> {
  const course = courseStatements(db, siteId, courseId, locale, defaultLocale, userId);
  const results = await db.batch([...course, lastSessionStatement(db, userId, courseId), coursePositionsStatement(db, userId, courseId)]);
  const found = courseFromResults(results.slice(0, course.length));
  const [last, positions] = results.slice(course.length);
  if (!found || !last || !positions) return null;
  return { course: found.course, last: lastSessionOf(last), positions: coursePositionsOf(positions) };
}
