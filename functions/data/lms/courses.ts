import type { D1Database, D1PreparedStatement, D1Result } from '@cloudflare/workers-types';
import { totalDuration } from '../../../core/duration.ts';
import type { CourseCard, CourseDetail, ModuleDetail, SessionDetail, SessionSummary } from '../../../core/contracts/lms.ts';
import { quietSearch, SEARCH_HITS, searchExpressions } from './course-search.ts';
import { refreshSearchIndex } from './search-index.ts';

export type { CourseCard, CourseDetail, ModuleDetail, SessionDetail, SessionSummary };

export interface Category {
  id: string;
  slug: string;
  name: string;
  description: string;
}

/** Text columns fall back to the site's default locale when a translation is missing. */
const localized = (alias: string, column: string) => `COALESCE(${alias}.${column}, ${alias}_d.${column})`;

export async function listCategories(db: D1Database, siteId: string, locale: string, defaultLocale: string): Promise<Category[]> {
  const { results } = await db
    .prepare(
      `SELECT c.id, c.slug, ${localized('t', 'name')} AS name, ${localized('t', 'description')} AS description FROM category c
       LEFT JOIN category_text t ON t.category_id = c.id AND t.locale = ?
       LEFT JOIN category_text t_d ON t_d.category_id = c.id AND t_d.locale = ?
       WHERE c.site_id = ? AND c.type = 'category' ORDER BY c.position`,
    )
    .bind(locale, defaultLocale, siteId)
    .all<Category>();
  return results;
}

export interface CourseFilter {
  ids?: string[];
  categoryId?: string;
  withoutEcm?: boolean;
  /** Words to find in the course's texts and module and session titles, in the page's locale (each a prefix, stemmed; best matches first). */
  query?: string;
  limit?: number;
  offset?: number;
}

/** A course card's columns and the joins they need (parameters: locale, default locale, locale, default locale). */
const CARD_COLUMNS = `c.id, ${localized('t', 'title')} AS title, ${localized('t', 'summary')} AS summary, c.category_id AS categoryId,
       ${localized('k', 'name')} AS categoryName, cat.slug AS categorySlug, c.ecm_credits AS ecmCredits,
       (SELECT group_concat(s.duration, '|') FROM session s WHERE s.course_id = c.id AND s.removed_at IS NULL) AS durations`;
const CARD_JOINS = `FROM course c
         JOIN category cat ON cat.id = c.category_id
         LEFT JOIN course_text t ON t.course_id = c.id AND t.locale = ?
         LEFT JOIN course_text t_d ON t_d.course_id = c.id AND t_d.locale = ?
         LEFT JOIN category_text k ON k.category_id = c.category_id AND k.locale = ?
         LEFT JOIN category_text k_d ON k_d.category_id = c.category_id AND k_d.locale = ?`;

const toCard = (row: Record<string, unknown>): CourseCard => {
  const { durations, ...card } = row as unknown as Omit<CourseCard, 'duration'> & { durations: string | null };
  return { ...card, duration: totalDuration(durations ? durations.split('|') : []) };
};

/** Course cards, filtered and paged in SQL, with the total number of matches. */
export async function findCourses(
  db: D1Database,
  siteId: string,
  locale: string,
  defaultLocale: string,
  filter: CourseFilter = {},
): Promise<{ courses: CourseCard[]; total: number }> {
  const where = ['c.site_id = ?'];
  const args: (string | number)[] = [siteId];
  if (filter.ids) {
    if (filter.ids.length === 0) return { courses: [], total: 0 };
    where.push(`c.id IN (${filter.ids.map(() => '?').join(', ')})`);
    args.push(...filter.ids);
  }
  if (filter.categoryId) {
    where.push('c.category_id = ?');
    args.push(filter.categoryId);
  }
  if (filter.withoutEcm) where.push('c.ecm_credits IS NULL');
  // A withdrawn course has left the catalogue; asked for by id (a learner's history, its own page) it is still found.
  if (!filter.ids) where.push('c.withdrawn_at IS NULL');
  const searching = (filter.query ?? '').trim() !== '';
  const expression = searchExpressions(filter.query ?? '', locale, defaultLocale);
  // Typed, but nothing in it can be indexed (emoji, punctuation): nothing can match.
  if (searching && !expression) return { courses: [], total: 0 };
  // A text published a moment ago is found at once; if that fails, the index as it stands answers.
  if (expression) await refreshSearchIndex(db).catch((error: unknown) => console.error('Search index refresh failed:', error));
  const hits = expression ? `JOIN (${SEARCH_HITS}) hit ON hit.course_id = c.id` : '';
  const hitArgs = expression ? [expression.page, locale, expression.fallback, defaultLocale, locale, locale] : [];
  const from = `${CARD_JOINS}
         ${hits}
         WHERE ${where.join(' AND ')}`;
  const joinArgs = [locale, defaultLocale, locale, defaultLocale, ...hitArgs];
  const batch = db.batch<Record<string, unknown>>([
    db
      .prepare(
        `SELECT ${CARD_COLUMNS}
         ${from} ORDER BY ${expression ? 'hit.rank, ' : ''}c.position, c.id LIMIT ? OFFSET ?`,
      )
      .bind(...joinArgs, ...args, filter.limit ?? -1, filter.offset ?? 0),
    db.prepare(`SELECT COUNT(*) AS total ${from}`).bind(...joinArgs, ...args),
  ]);
  const [rows, count] = await (expression ? quietSearch(batch) : batch);
  const courses = (rows?.results ?? []).map(toCard);
  return { courses, total: Number(count?.results[0]?.total ?? 0) };
}

export async function listCourses(db: D1Database, siteId: string, locale: string, defaultLocale: string, filter: CourseFilter = {}): Promise<CourseCard[]> {
  return (await findCourses(db, siteId, locale, defaultLocale, filter)).courses;
}

/** The course page's three statements: the card with the description, the modules, the sessions with the learner's progress. */
export function courseStatements(
  db: D1Database,
  siteId: string,
  courseId: string,
  locale: string,
  defaultLocale: string,
  userId: string | null,
): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `SELECT ${CARD_COLUMNS}, ${localized('t', 'description')} AS description, c.withdrawn_at IS NOT NULL AS withdrawn
         ${CARD_JOINS} WHERE c.site_id = ? AND c.id = ?`,
      )
      .bind(locale, defaultLocale, locale, defaultLocale, siteId, courseId),
    db
      .prepare(
        `SELECT m.number, ${localized('t', 'title')} AS title FROM module m LEFT JOIN module_text t ON t.course_id = m.course_id AND t.number = m.number AND t.locale = ? LEFT JOIN module_text t_d ON t_d.course_id = m.course_id AND t_d.number = m.number AND t_d.locale = ? WHERE m.course_id = ? AND m.removed_at IS NULL ORDER BY m.position, m.number`,
      )
      .bind(locale, defaultLocale, courseId),
    db
      .prepare(
        `SELECT s.module_number AS moduleNumber, s.number, s.kind, s.duration, ${localized('t', 'title')} AS title, p.completed_at AS completedAt
         FROM session s
         LEFT JOIN session_text t ON t.course_id = s.course_id AND t.module_number = s.module_number AND t.number = s.number AND t.locale = ?
         LEFT JOIN session_text t_d ON t_d.course_id = s.course_id AND t_d.module_number = s.module_number AND t_d.number = s.number AND t_d.locale = ?
         LEFT JOIN session_progress p ON p.user_id = ? AND p.course_id = s.course_id AND p.module_number = s.module_number AND p.number = s.number
         WHERE s.course_id = ? AND s.removed_at IS NULL ORDER BY s.module_number, s.position, s.number`,
      )
      .bind(locale, defaultLocale, userId, courseId),
  ];
}

/**
 * The course from `courseStatements`' results, and every live session of it (in modules removed
 * too, as the ECM rules count them), or null for an unknown course.
 */
export function courseFromResults(results: D1Result[]): { course: CourseDetail; sessions: SessionSummary[] } | null {
  const [cardRow, modules, sessions] = results as D1Result<Record<string, unknown>>[];
  const row = cardRow?.results[0];
  if (!row) return null;
  const { description, withdrawn, ...card } = row;
  const sessionRows = (sessions?.results ?? []) as unknown as SessionSummary[];
  const course = {
    ...toCard(card),
    description: String(description ?? ''),
    withdrawn: withdrawn === 1,
    modules: ((modules?.results ?? []) as unknown as { number: number; title: string }[]).map((module, index) => ({
      ...module,
      position: index + 1,
      sessions: sessionRows.filter((session) => session.moduleNumber === module.number),
    })),
  };
  return { course, sessions: sessionRows };
}

export async function findCourse(
  db: D1Database,
  siteId: string,
  courseId: string,
  locale: string,
  defaultLocale: string,
  userId: string | null,
): Promise<CourseDetail | null> {
  // One round trip: the card, the description, the modules and the sessions with the learner's progress.
  return courseFromResults(await db.batch(courseStatements(db, siteId, courseId, locale, defaultLocale, userId)))?.course ?? null;
}

export async function findSession(
  db: D1Database,
  siteId: string,
  courseId: string,
  moduleNumber: number,
  number: number,
  locale: string,
  defaultLocale: string,
  userId: string | null,
): Promise<SessionDetail | null> {
  const statements = sessionStatements(db, siteId, courseId, moduleNumber, number, locale, defaultLocale, userId);
  return sessionFromResults(await db.batch(statements), courseId, moduleNumber, number);
}

/**
 * findSession's statements: the course's and the session's own row, in one round trip. The row is
 * read whether or not the course has that session, and used only when it does. Only reads.
 */
export function sessionStatements(
  db: D1Database,
  siteId: string,
  courseId: string,
  moduleNumber: number,
  number: number,
  locale: string,
  defaultLocale: string,
  userId: string | null,
): D1PreparedStatement[] {
  const sessionRow = db
    .prepare(
      `SELECT ${localized('t', 'body')} AS body, s.media_url AS mediaUrl, s.poster_url AS posterUrl, s.captions, sp.seconds AS position FROM session s
       LEFT JOIN session_text t ON t.course_id = s.course_id AND t.module_number = s.module_number AND t.number = s.number AND t.locale = ?
       LEFT JOIN session_text t_d ON t_d.course_id = s.course_id AND t_d.module_number = s.module_number AND t_d.number = s.number AND t_d.locale = ?
       LEFT JOIN session_position sp ON sp.user_id = ? AND sp.course_id = s.course_id AND sp.module_number = s.module_number AND sp.number = s.number
       WHERE s.course_id = ? AND s.module_number = ? AND s.number = ? AND s.removed_at IS NULL`,
    )
    .bind(locale, defaultLocale, userId, courseId, moduleNumber, number);
  return [...courseStatements(db, siteId, courseId, locale, defaultLocale, userId), sessionRow];
}

/** The session sessionStatements' results describe, or null when the course is not live or has no such session. */
export function sessionFromResults(results: D1Result[], courseId: string, moduleNumber: number, number: number): SessionDetail | null {
  const course = courseFromResults(results.slice(0, -1))?.course;
  if (!course) return null;
  const all = course.modules.flatMap((module) => module.sessions);
  const index = all.findIndex((session) => session.moduleNumber === moduleNumber && session.number === number);
  const session = all[index];
  if (!session) return null;
  const row = results.at(-1)?.results[0] as
    { body: string; mediaUrl: string | null; posterUrl: string | null; captions: string; position: number | null } | undefined;
  const neighbour = (i: number) => {
    const found = all[i];
    return found ? { moduleNumber: found.moduleNumber, number: found.number } : null;
  };
  return {
    ...session,
    courseId,
    courseTitle: course.title,
    modulePosition: course.modules.find((module) => module.number === moduleNumber)?.position ?? moduleNumber,
    body: row?.body ?? '',
    mediaUrl: row?.mediaUrl ?? null,
    posterUrl: row?.posterUrl ?? null,
    captions: Object.entries(JSON.parse(row?.captions ?? '{}') as Record<string, string>).map(([locale, url]) => ({ locale, url })),
    previous: neighbour(index - 1),
    next: neighbour(index + 1),
    progress: { done: all.filter((candidate) => candidate.completedAt !== null).length, total: all.length },
    position: row?.position ?? null,
  };
}
