import { env } from 'cloudflare:workers';
import { findCourse, type CourseDetail, type SessionSummary } from '../../functions/data/lms/courses.ts';
import { findLastSession, findPosition, listRecentCourseIds } from '../../functions/data/lms/positions.ts';
import { resumeSession } from '../../core/resume.ts';

export interface ResumePoint {
  course: CourseDetail;
  session: SessionSummary;
  done: number;
  total: number;
  /** Seconds into the session's video where the learner stopped, if it is a video and they did. */
  position: number | null;
}

/**
 * Where the profile's "Continua" leads: in the course the learner was on last and has not
 * finished, the session they were on, unless completed (core/resume.ts).
 */
export async function loadResumePoint(siteId: string, userId: string, locale: string, defaultLocale: string): Promise<ResumePoint | null> {
  for (const courseId of await listRecentCourseIds(env.DB, siteId, userId)) {
    const course = await findCourse(env.DB, siteId, courseId, locale, defaultLocale, userId);
    if (!course) continue;
    const sessions = course.modules.flatMap((module) => module.sessions);
    const session = resumeSession(sessions, await findLastSession(env.DB, userId, courseId));
    if (!session) continue;
    const position = session.kind === 'video' ? await findPosition(env.DB, userId, courseId, session.moduleNumber, session.number) : null;
    return { course, session, done: sessions.filter((candidate) => candidate.completedAt !== null).length, total: sessions.length, position };
  }
  return null;
}
