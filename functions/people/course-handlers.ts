import type { z } from 'zod';
import {
  PEOPLE_PAGE_SIZE,
  type CourseAccess,
  type courseAccessBody,
  type CourseLearnersPage,
  type courseKeyBody,
  type Enrolment,
  type enrolmentParams,
  type pageQuery,
  type staffCourseParams,
  type StaffCoursesPage,
} from '../../core/contracts/people.ts';
import type { ApiContext } from '../api-context.ts';
import { listStaffCourses, findCourseTitle } from '../data/people/enrolment.ts';
import { listCourseLearners } from '../data/people/progress.ts';
import { HttpError } from '../http-error.ts';
import { lmsMessage } from '../lms/messages.ts';
import { courseAccessOf, removeCourseKey, renewCourseKey, setAccessMode } from './course-access.ts';
import { enrolPerson, enrolWithKey, unenrolPerson } from './enrolments.ts';
import { defaultLocaleOf, staffActor } from './staff-actor.ts';
import { csvAnswer, progressCsv } from './progress-csv.ts';
import { csvSeparatorFor } from '../../core/csv-document.ts';

type CourseInput = { param: z.output<typeof staffCourseParams> };
type EnrolmentInput = { param: z.output<typeof enrolmentParams> };

/** GET /api/staff/courses: every course with its access and how many are enrolled, paged. */
export async function getStaffCourses(context: ApiContext, { query }: { query: z.output<typeof pageQuery> }): Promise<StaffCoursesPage> {
  return listStaffCourses(context.env.DB, context.siteId, context.localeCode, await defaultLocaleOf(context), { page: query.page, pageSize: PEOPLE_PAGE_SIZE });
}

export async function getCourseAccess(context: ApiContext, { param }: CourseInput): Promise<CourseAccess> {
  return courseAccessOf(context.env.DB, context.siteId, param.courseId, context.language);
}

export async function putCourseAccess(context: ApiContext, { param, json }: CourseInput & { json: z.output<typeof courseAccessBody> }): Promise<CourseAccess> {
  return setAccessMode(context.env.DB, await staffActor(context), param.courseId, json.mode, context.now, context.language);
}

export async function postCourseKey(context: ApiContext, { param }: CourseInput): Promise<CourseAccess> {
  return renewCourseKey(context.env.DB, await staffActor(context), param.courseId, context.now, context.language);
}

export async function deleteCourseKey(context: ApiContext, { param }: CourseInput): Promise<CourseAccess> {
  return removeCourseKey(context.env.DB, await staffActor(context), param.courseId, context.now, context.language);
}

async function learnersOf(context: ApiContext, courseId: string, paging: { limit: number; offset: number }) {
  const title = await findCourseTitle(context.env.DB, context.siteId, courseId, context.localeCode, await defaultLocaleOf(context));
  if (title === null) throw new HttpError(404, lmsMessage('courseNotFound', context.language, { id: courseId }));
  const { rows, total } = await listCourseLearners(context.env.DB, context.siteId, courseId, context.localeCode, await defaultLocaleOf(context), paging);
  return { title, rows, total };
}

/** GET /api/staff/courses/{id}/learners: each learner's progress, time, last activity and ECM state, paged. */
export async function getCourseLearners(
  context: ApiContext,
  { param, query }: CourseInput & { query: z.output<typeof pageQuery> },
): Promise<CourseLearnersPage> {
  const access = await courseAccessOf(context.env.DB, context.siteId, param.courseId, context.language);
  const { title, rows, total } = await learnersOf(context, param.courseId, { limit: PEOPLE_PAGE_SIZE, offset: (query.page - 1) * PEOPLE_PAGE_SIZE });
  return {
    courseId: param.courseId,
    courseTitle: title,
    mode: access.mode,
    learners: rows,
    total,
    page: query.page,
    pages: Math.ceil(total / PEOPLE_PAGE_SIZE),
    pageSize: PEOPLE_PAGE_SIZE,
  };
}

export async function getCourseLearnersCsv(context: ApiContext, { param }: CourseInput): Promise<Response> {
  const { rows } = await learnersOf(context, param.courseId, { limit: -1, offset: 0 });
  return csvAnswer(progressCsv(rows, csvSeparatorFor(context.localeCode)), `discenti-${param.courseId}.csv`);
}

/** PUT /api/staff/courses/{id}/enrolments/{userId}: a new enrolment also sends the learner the course's e-mail. */
export async function putEnrolment(context: ApiContext, { param }: EnrolmentInput): Promise<Enrolment> {
  const actor = await staffActor(context);
  return enrolPerson({ env: context.env, actor, language: context.language, now: context.now, origin: context.url.origin }, param.courseId, param.userId);
}

export async function deleteEnrolment(context: ApiContext, { param }: EnrolmentInput): Promise<{ removed: boolean }> {
  return { removed: await unenrolPerson(context.env.DB, await staffActor(context), param.courseId, param.userId, context.now, context.language) };
}

/** POST /api/lms/course/{id}/enrolment: a learner enrols with the course key. */
export async function postKeyEnrolment(context: ApiContext, { param, json }: CourseInput & { json: z.output<typeof courseKeyBody> }): Promise<Enrolment> {
  const { user } = await context.requireSession();
  return enrolWithKey(context.env.DB, context.siteId, user, param.courseId, json.key, context.now, context.language);
}
