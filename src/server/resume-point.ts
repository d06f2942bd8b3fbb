import { env } from 'cloudflare:workers';
import { findCourse, type CourseDetail, type SessionSummary } from '../../functions/data/lms/courses.ts';
import { findPosition, listRecentCourseIds } from '../../functions/data/lms/positions.ts';
import { nextSession } from '../../core/resume.ts';

export interface ResumePoint {
  course: CourseDetail;
  session: SessionSummary;
  done: number;
  total: number;
  /** Seconds into the session's video where the learner stopped, if it is a video and they did. */
  position: number | null;
}

/**
 * Where the profile's "Continua" leads: in the course the learner touched last (a completed
 * session or a saved video position) and has not finished, the next session not yet completed.
 */
export async function loadResumePoint(siteId: string, userId: string, locale: string, defaultLocale: string): Promise<ResumePoint | null> {
  for (const courseId of await listRecentCourseIds(env.DB, siteId, userId)) {
    const course = await findCourse(env.DB, siteId, courseId, locale, defaultLocale, userId);
    const sessions = course?.modules.flatMap((module) => module.sessions) ?? [];
    const session = nextSession(sessions);
    if (!course || !session) continue;
    const position = session.kind === 'video' ? await findPosition(env.DB, userId, courseId, session.moduleNumber, session.number) : null;
    return { course, session, done: sessions.filter((candidate) => candidate.completedAt !== null).length, total: sessions.length, position };
  }
  return null;
}
