import type { D1Database } from '@cloudflare/workers-types';
import type { CourseAccessMode } from '../../core/course-access.ts';
import { courseKeyFrom, COURSE_KEY_LENGTH, formatCourseKey } from '../../core/course-key.ts';
import type { CourseAccess } from '../../core/contracts/people.ts';
import { courseOfSite, readCourseAccess, saveAccessMode, saveCourseKey } from '../data/people/enrolment.ts';
import { HttpError } from '../http-error.ts';
import type { Language } from '../messages.ts';
import { lmsMessage } from '../lms/messages.ts';
import type { StaffActor } from './staff-actor.ts';

/** A 404 unless the site has the course. */
export async function requireCourse(db: D1Database, siteId: string, courseId: string, language: Language): Promise<void> {
  if (!(await courseOfSite(db, siteId, courseId))) throw new HttpError(404, lmsMessage('courseNotFound', language, { id: courseId }));
}

/** The course's access as staff read it: its mode and its key as people read it. */
export async function courseAccessOf(db: D1Database, siteId: string, courseId: string, language: Language): Promise<CourseAccess> {
  await requireCourse(db, siteId, courseId, language);
  const access = await readCourseAccess(db, courseId);
  return { courseId, mode: access.mode, key: access.key && formatCourseKey(access.key) };
}

export async function setAccessMode(
  db: D1Database,
  actor: StaffActor,
  courseId: string,
  mode: CourseAccessMode,
  now: number,
  language: Language,
): Promise<CourseAccess> {
  await requireCourse(db, actor.siteId, courseId, language);
  await saveAccessMode(db, { siteId: actor.siteId, courseId, actorId: actor.id, now }, mode);
  return courseAccessOf(db, actor.siteId, courseId, language);
}

/** A new random key for the course (core/course-key.ts): the one staff handed out before stops working. */
export async function renewCourseKey(db: D1Database, actor: StaffActor, courseId: string, now: number, language: Language): Promise<CourseAccess> {
  await requireCourse(db, actor.siteId, courseId, language);
  const key = courseKeyFrom(crypto.getRandomValues(new Uint8Array(COURSE_KEY_LENGTH)));
  await saveCourseKey(db, { siteId: actor.siteId, courseId, actorId: actor.id, now }, key);
  return courseAccessOf(db, actor.siteId, courseId, language);
}

/** No key any more: learners can only be enrolled by staff. */
export async function removeCourseKey(db: D1Database, actor: StaffActor, courseId: string, now: number, language: Language): Promise<CourseAccess> {
  await requireCourse(db, actor.siteId, courseId, language);
  await saveCourseKey(db, { siteId: actor.siteId, courseId, actorId: actor.id, now }, null);
  return courseAccessOf(db, actor.siteId, courseId, language);
}
