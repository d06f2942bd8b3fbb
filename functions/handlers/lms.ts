import type { z } from 'zod';
import type { courseParams, sessionParams } from '../../core/contracts/lms.ts';
import type { ApiContext } from '../api-context.ts';
import { findCourse, findSession, type CourseDetail, type SessionDetail } from '../data/courses.ts';
import { listLearnerCourses, type LearnerCourse } from '../data/learner.ts';
import { completeSession, type Completion } from '../data/progress.ts';
import { findSite } from '../data/site.ts';
import { HttpError } from '../http-error.ts';
import { message } from '../messages.ts';

type SessionParams = { param: z.output<typeof sessionParams> };

async function defaultLocale(context: ApiContext): Promise<string> {
  return (await findSite(context.env.DB, context.siteId))?.defaultLocale ?? 'it-IT';
}

export async function getCourse(context: ApiContext, { param: { courseId: id } }: { param: z.output<typeof courseParams> }): Promise<CourseDetail> {
  const session = await context.requireSession();
  const course = await findCourse(context.env.DB, context.siteId, id, context.localeCode, await defaultLocale(context), session.user.id);
  if (!course) throw new HttpError(404, message('courseNotFound', context.language, { id }));
  return course;
}

export async function getSession(context: ApiContext, { param: params }: SessionParams): Promise<SessionDetail> {
  const user = await context.requireSession();
  const found = await findSession(context.env.DB, context.siteId, params.courseId, params.module, params.session, context.localeCode, await defaultLocale(context), user.user.id);
  if (!found) throw new HttpError(404, message('sessionNotFound', context.language, { id: `${params.courseId}/${params.module}/${params.session}` }));
  return found;
}

export async function postSessionComplete(context: ApiContext, { param: params }: SessionParams): Promise<Completion> {
  const user = await context.requireSession();
  const completion = await completeSession(context.env.DB, context.siteId, user.user.id, params.courseId, params.module, params.session, context.localeCode, context.now);
  if (!completion) throw new HttpError(404, message('sessionNotFound', context.language, { id: `${params.courseId}/${params.module}/${params.session}` }));
  return completion;
}

export async function getMyCourses(context: ApiContext): Promise<{ inProgress: LearnerCourse[]; completed: LearnerCourse[] }> {
  const session = await context.requireSession();
  const courses = await listLearnerCourses(context.env.DB, context.siteId, session.user.id, context.localeCode, await defaultLocale(context));
  return { inProgress: courses.filter((c) => c.done < c.total), completed: courses.filter((c) => c.done === c.total) };
}
