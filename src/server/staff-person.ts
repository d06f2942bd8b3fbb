import { env } from 'cloudflare:workers';
import type { PersonDetail, ProgressRow } from '../../core/contracts/people.ts';
import { findRole } from '../../functions/data/auth/roles.ts';
import { listCourseChoices, type CourseChoice } from '../../functions/data/people/enrolment.ts';
import { findPerson } from '../../functions/data/people/people.ts';
import { listPersonEvents, type PersonEvent } from '../../functions/data/people/person-events.ts';
import { listPersonCourses } from '../../functions/data/people/progress.ts';
import { roleLabel } from './role-label.ts';
import type { StaffPage } from './staff-page.ts';

export interface StaffPerson {
  person: PersonDetail;
  /** The names of the person's roles, in the page's language. */
  roleNames: string[];
  courses: ProgressRow[];
  /** Courses to enrol them in: those they are not enrolled in yet. */
  choices: CourseChoice[];
  /** What staff (or the platform) did to the account, newest first. */
  history: PersonEvent[];
}

/** Everything the person page shows, or null for no such person on the site. */
export async function loadStaffPerson(staff: StaffPage, userId: string): Promise<StaffPerson | null> {
  const { page, actor } = staff;
  const person = await findPerson(env.DB, actor.siteId, userId);
  if (!person) return null;
  const [roles, courses, choices, history] = await Promise.all([
    Promise.all(person.roles.map((role) => findRole(env.DB, role))),
    listPersonCourses(env.DB, actor.siteId, userId, page.locale, page.site.defaultLocale),
    listCourseChoices(env.DB, actor.siteId, page.locale, page.site.defaultLocale),
    listPersonEvents(env.DB, actor.siteId, userId),
  ]);
  const enrolled = new Set(courses.filter((row) => row.enrolledAt !== null).map((row) => row.courseId));
  return {
    person,
    roleNames: person.roles.map((id, i) => roleLabel(page.strings, id, roles[i]?.name)),
    courses,
    choices: choices.filter((choice) => !enrolled.has(choice.id)),
    history,
  };
}
