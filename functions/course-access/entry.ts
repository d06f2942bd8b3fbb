import { courseEntry, type CourseEntry, type CourseWayIn } from '../../core/course-access.ts';
import type { D1Database } from '@cloudflare/workers-types';
import type { ApiContext } from '../api-context.ts';
import type { User } from '../../core/user.ts';
import type { Permission } from '../../core/permissions.ts';
import { loadPermissions } from '../data/auth/roles.ts';
import { liveCoursesUsing } from '../data/people/medium-courses.ts';
import { readEntryFacts, type EntryFacts } from '../data/people/enrolment.ts';
import { HttpError } from '../http-error.ts';
import type { Language } from '../messages.ts';
import { courseAccessMessage, type CourseAccessMessageKey } from './messages.ts';

/** Who asks to enter: the user's id and roles are all the check reads. */
export type EntryUser = Pick<User, 'id' | 'roles'>;

/** What the user's roles grant, asked for only when needed: pages pass the request's own (`locals.permissions`), read once. */
export type GrantedPermissions = () => Promise<ReadonlySet<Permission>>;

/** Editors and testers review every course: their permissions are read only where a course would turn them away. */
async function reviews(granted: GrantedPermissions): Promise<boolean> {
  return (await granted()).has('drafts:read');
}

/** Whether the user may open the course (core/course-access.ts) and, if not, how they get in. */
export async function entryOf(db: D1Database, user: EntryUser, courseId: string, granted?: GrantedPermissions): Promise<CourseEntry> {
  return entryFrom(await readEntryFacts(db, courseId, user.id), granted ?? (() => loadPermissions(db, user.roles)));
}

/** `entryOf` on facts read already (the course page reads them in its own batch). */
export async function entryFrom(facts: EntryFacts, granted: GrantedPermissions): Promise<CourseEntry> {
  const entry = courseEntry({ mode: facts.mode, hasKey: facts.key !== null, enrolled: facts.enrolled });
  if (entry.allowed || !(await reviews(granted))) return entry;
  return { allowed: true };
}

const REFUSALS: Record<CourseWayIn, CourseAccessMessageKey> = { key: 'courseEnrolmentKey', ask: 'courseEnrolmentAsk', closed: 'courseClosed' };

/** The 403 of a learner the course does not let in, saying how to get in. */
export function entryRefusal(wayIn: CourseWayIn, courseId: string, language: Language): HttpError {
  return new HttpError(403, courseAccessMessage(REFUSALS[wayIn], language, { id: courseId }));
}

/**
 * The course calls' gate (`enrolled` in core/api-routes.ts): the signed-in caller may open the
 * course of the path, else a 403 that says how to get in. An unknown course passes, for the
 * handler's 404.
 */
export async function requireCourseEntry(context: ApiContext, courseId: string): Promise<void> {
  const { user } = await context.requireSession();
  const entry = await entryOf(context.env.DB, user, courseId);
  if (!entry.allowed) throw entryRefusal(entry.wayIn, courseId, context.language);
}

/**
 * Whether the user may have a course medium (`/media/{key}`): `allowed` when a live session of a
 * course that lets them in uses it; `refused` when only courses that turn them away do (a 403 that
 * says so); `unused` when no live session uses it at all: a draft's file, a removed module's, one
 * never placed, which learners do not learn exists (a 404). Editors and testers, who preview
 * drafts, have every medium.
 */
export async function mediumAccess(db: D1Database, user: EntryUser, url: string): Promise<'allowed' | 'refused' | 'unused'> {
  const uses = await liveCoursesUsing(db, url, user.id);
  if (uses.some((use) => courseEntry({ mode: use.mode, hasKey: false, enrolled: use.enrolled }).allowed)) return 'allowed';
  if (await reviews(() => loadPermissions(db, user.roles))) return 'allowed';
  return uses.length > 0 ? 'refused' : 'unused';
}
