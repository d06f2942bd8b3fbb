import type { D1Database, D1PreparedStatement, D1Result } from '@cloudflare/workers-types';
import type { CourseAccessMode } from '../../../core/course-access.ts';
import type { Enrolment, StaffCoursesPage } from '../../../core/contracts/people.ts';
import { eventIfChangedStatement } from '../events.ts';

export type { Enrolment, StaffCoursesPage };

/** A course's access as stored: a course without a row is open and has no key. */
export interface StoredCourseAccess {
  mode: CourseAccessMode;
  /** The key as stored (normalized, core/course-key.ts), or null. */
  key: string | null;
}

/** What decides whether a learner opens a course, in one read: its access and their enrolment. */
export interface EntryFacts extends StoredCourseAccess {
  enrolled: boolean;
}

/** `readEntryFacts`' statement, for a batch (read back by `entryFactsOf`). */
export function entryFactsStatement(db: D1Database, courseId: string, userId: string): D1PreparedStatement {
  return db
    .prepare(
      `SELECT COALESCE(a.mode, 'open') AS mode, a.course_key AS key,
         EXISTS (SELECT 1 FROM enrolment e WHERE e.user_id = ?2 AND e.course_id = ?1) AS enrolled
       FROM (SELECT ?1 AS course_id) c LEFT JOIN course_access a ON a.course_id = c.course_id`,
    )
    .bind(courseId, userId);
}

export function entryFactsOf(result: D1Result | undefined): EntryFacts {
  const row = result?.results[0] as { mode: CourseAccessMode; key: string | null; enrolled: number } | undefined;
  return { mode: row?.mode ?? 'open', key: row?.key ?? null, enrolled: row?.enrolled === 1 };
}

export async function readEntryFacts(db: D1Database, courseId: string, userId: string): Promise<EntryFacts> {
  return entryFactsOf(await entryFactsStatement(db, courseId, userId).all());
}

export async function readCourseAccess(db: D1Database, courseId: string): Promise<StoredCourseAccess> {
  const row = await db
    .prepare('SELECT mode, course_key AS key FROM course_access WHERE course_id = ?')
    .bind(courseId)
    .first<{ mode: CourseAccessMode; key: string | null }>();
  return { mode: row?.mode ?? 'open', key: row?.key ?? null };
}

export interface AccessChange {
  siteId: string;
  courseId: string;
  actorId: string;
  now: number;
}

/** Sets how learners get into the course, with its audit event when it changed (`{course}:{mode}`). */
export async function saveAccessMode(db: D1Database, change: AccessChange, mode: CourseAccessMode): Promise<void> {
  await db.batch([
    db
      .prepare(
        `INSERT INTO course_access (course_id, mode, course_key, updated_by, updated_at) VALUES (?1, ?2, NULL, ?3, ?4)
         ON CONFLICT (course_id) DO UPDATE SET mode = excluded.mode, updated_by = excluded.updated_by, updated_at = excluded.updated_at
         WHERE course_access.mode <> excluded.mode`,
      )
      .bind(change.courseId, mode, change.actorId, change.now),
    eventIfChangedStatement(db, change.siteId, change.actorId, 'people.course.access', `${change.courseId}:${mode}`, change.now),
  ]);
}

/**
 * Gives the course a new key (the old one stops working) or, with null, none; the audit event
 * names the course, never the key. A course without a row gets one, open, so a key can be ready
 * before enrolment starts.
 */
export async function saveCourseKey(db: D1Database, change: AccessChange, key: string | null): Promise<void> {
  await db.batch([
    db
      .prepare(
        `INSERT INTO course_access (course_id, mode, course_key, updated_by, updated_at) VALUES (?1, 'open', ?2, ?3, ?4)
         ON CONFLICT (course_id) DO UPDATE SET course_key = excluded.course_key, updated_by = excluded.updated_by, updated_at = excluded.updated_at
         WHERE course_access.course_key IS NOT excluded.course_key`,
      )
      .bind(change.courseId, key, change.actorId, change.now),
    eventIfChangedStatement(db, change.siteId, change.actorId, key ? 'people.coursekey.create' : 'people.coursekey.remove', change.courseId, change.now),
  ]);
}

export interface EnrolmentWrite {
  siteId: string;
  courseId: string;
  userId: string;
  /** Who enrolled them: a staff member, or the learner with the course key. */
  byId: string;
  via: Enrolment['via'];
  now: number;
}

/**
 * Enrols a person (its audit event only when they were not enrolled already) and returns the
 * enrolment as stored: an earlier one stays as it was.
 */
export async function enrol(db: D1Database, write: EnrolmentWrite): Promise<Enrolment> {
  const [, , stored] = await db.batch<{ courseId: string; userId: string; enrolledAt: number; via: Enrolment['via'] }>([
    db
      .prepare('INSERT OR IGNORE INTO enrolment (user_id, course_id, enrolled_at, enrolled_by, via) VALUES (?, ?, ?, ?, ?)')
      .bind(write.userId, write.courseId, write.now, write.byId, write.via),
    eventIfChangedStatement(db, write.siteId, write.byId, `people.enrolment.${write.via}`, `${write.courseId}/${write.userId}`, write.now),
    db
      .prepare('SELECT course_id AS courseId, user_id AS userId, enrolled_at AS enrolledAt, via FROM enrolment WHERE user_id = ? AND course_id = ?')
      .bind(write.userId, write.courseId),
  ]);
  const row = stored?.results[0];
  if (!row) throw new Error(`enrolment of ${write.userId} in ${write.courseId} not stored`);
  return row;
}

/** A person's enrolment in a course as stored, or null. */
export async function findEnrolment(db: D1Database, courseId: string, userId: string): Promise<Enrolment | null> {
  return db
    .prepare('SELECT course_id AS courseId, user_id AS userId, enrolled_at AS enrolledAt, via FROM enrolment WHERE user_id = ? AND course_id = ?')
    .bind(userId, courseId)
    .first<Enrolment>();
}

/** Ends an enrolment, with its audit event; false when there was none. The learner's records stay. */
export async function unenrol(db: D1Database, change: AccessChange & { userId: string }): Promise<boolean> {
  const [removed] = await db.batch([
    db.prepare('DELETE FROM enrolment WHERE user_id = ? AND course_id = ?').bind(change.userId, change.courseId),
    eventIfChangedStatement(db, change.siteId, change.actorId, 'people.enrolment.remove', `${change.courseId}/${change.userId}`, change.now),
  ]);
  return (removed?.meta.changes ?? 0) > 0;
}

/** A page of the site's courses in catalogue order, each with its access and how many are enrolled. */
export async function listStaffCourses(
  db: D1Database,
  siteId: string,
  locale: string,
  defaultLocale: string,
  paging: { page: number; pageSize: number },
): Promise<StaffCoursesPage> {
  const [rows, count] = await db.batch<Record<string, unknown>>([
    db
      .prepare(
        `SELECT c.id, COALESCE(t.title, t_d.title, c.id) AS title, COALESCE(a.mode, 'open') AS mode, a.course_key IS NOT NULL AS hasKey,
           (SELECT COUNT(*) FROM enrolment e WHERE e.course_id = c.id) AS enrolled, c.withdrawn_at IS NOT NULL AS withdrawn
         FROM course c
         LEFT JOIN course_text t ON t.course_id = c.id AND t.locale = ?
         LEFT JOIN course_text t_d ON t_d.course_id = c.id AND t_d.locale = ?
         LEFT JOIN course_access a ON a.course_id = c.id
         WHERE c.site_id = ? ORDER BY c.position, c.id LIMIT ? OFFSET ?`,
      )
      .bind(locale, defaultLocale, siteId, paging.pageSize, (paging.page - 1) * paging.pageSize),
    db.prepare('SELECT COUNT(*) AS total FROM course WHERE site_id = ?').bind(siteId),
  ]);
  const total = Number(count?.results[0]?.total ?? 0);
  const courses = ((rows?.results ?? []) as { id: string; title: string; mode: CourseAccessMode; hasKey: number; enrolled: number; withdrawn: number }[]).map(
    (row) => ({ ...row, hasKey: row.hasKey === 1, withdrawn: row.withdrawn === 1 }),
  );
  return { courses, total, page: paging.page, pages: Math.ceil(total / paging.pageSize), pageSize: paging.pageSize };
}

export interface CourseChoice {
  id: string;
  title: string;
}

/** Every course of the site by title, for the staff pages' course pickers. */
export async function listCourseChoices(db: D1Database, siteId: string, locale: string, defaultLocale: string): Promise<CourseChoice[]> {
  const { results } = await db
    .prepare(
      `SELECT c.id, COALESCE(t.title, t_d.title, c.id) AS title FROM course c
       LEFT JOIN course_text t ON t.course_id = c.id AND t.locale = ?
       LEFT JOIN course_text t_d ON t_d.course_id = c.id AND t_d.locale = ?
       WHERE c.site_id = ? ORDER BY title COLLATE NOCASE, c.id`,
    )
    .bind(locale, defaultLocale, siteId)
    .all<CourseChoice>();
  return results;
}

/** The course's title in the locale (the default locale's when untranslated), or null when the site has no such course. */
export async function findCourseTitle(db: D1Database, siteId: string, courseId: string, locale: string, defaultLocale: string): Promise<string | null> {
  const row = await db
    .prepare(
      `SELECT COALESCE(t.title, t_d.title, c.id) AS title FROM course c
       LEFT JOIN course_text t ON t.course_id = c.id AND t.locale = ?
       LEFT JOIN course_text t_d ON t_d.course_id = c.id AND t_d.locale = ?
       WHERE c.site_id = ? AND c.id = ?`,
    )
    .bind(locale, defaultLocale, siteId, courseId)
    .first<{ title: string }>();
  return row?.title ?? null;
}

/** Whether the site has this course (live, or withdrawn). */
export async function courseOfSite(db: D1Database, siteId: string, courseId: string): Promise<boolean> {
  return (await db.prepare('SELECT 1 AS found FROM course WHERE id = ? AND site_id = ?').bind(courseId, siteId).first()) !== null;
}
