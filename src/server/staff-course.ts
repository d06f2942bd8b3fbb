import { env } from 'cloudflare:workers';
import { PEOPLE_PAGE_SIZE, type CourseAccess, type ProgressRow } from '../../core/contracts/people.ts';
import { findCourseTitle } from '../../functions/data/people/enrolment.ts';
import { listCourseLearners } from '../../functions/data/people/progress.ts';
import { courseAccessOf } from '../../functions/people/course-access.ts';
import type { StaffPage } from './staff-page.ts';

export interface StaffCourse {
  title: string;
  access: CourseAccess;
  learners: ProgressRow[];
  total: number;
  pages: number;
}

/** Everything a course's staff page shows (a page of its learners), or null for no such course on the site. */
export async function loadStaffCourse(staff: StaffPage, courseId: string, pageNumber: number): Promise<StaffCourse | null> {
  const { page, actor, language } = staff;
  const title = await findCourseTitle(env.DB, actor.siteId, courseId, page.locale, page.site.defaultLocale);
  if (title === null) return null;
  const [access, { rows, total }] = await Promise.all([
    courseAccessOf(env.DB, actor.siteId, courseId, language),
    listCourseLearners(env.DB, actor.siteId, courseId, page.locale, page.site.defaultLocale, {
      limit: PEOPLE_PAGE_SIZE,
      offset: (pageNumber - 1) * PEOPLE_PAGE_SIZE,
    }),
  ]);
  return { title, access, learners: rows, total, pages: Math.ceil(total / PEOPLE_PAGE_SIZE) };
}
