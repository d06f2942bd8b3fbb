import { env } from 'cloudflare:workers';
import type { CourseDetail, SessionSummary } from '../../functions/data/lms/courses.ts';
import { readCourseResume } from '../../functions/data/lms/profile-home.ts';
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
 * finished (of `recentCourseIds`, newest first), the session they were on, unless completed
 * (core/resume.ts). One round trip per course looked at: usually one.
 */
export async function loadResumePoint(
  siteId: string,
  userId: string,
  locale: string,
  defaultLocale: string,
  recentCourseIds: readonly string[],
): Promise<ResumePoint | null> {
  for (const courseId of recentCourseIds) {
    const found = await readCourseResume(env.DB, siteId, courseId, locale, defaultLocale, userId);
    if (!found) continue;
    const sessions = found.course.modules.flatMap((module) => module.sessions);
    const session = resumeSession(sessions, found.last);
    if (!session) continue;
    const position = session.kind === 'video' ? (found.positions.get(`${session.moduleNumber}/${session.number}`) ?? null) : null;
    return { course: found.course, session, done: sessions.filter((candidate) => candidate.completedAt !== null).length, total: sessions.length, position };
  }
  return null;
}
