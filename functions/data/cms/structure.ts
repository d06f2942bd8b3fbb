import type { D1Database } from '@cloudflare/workers-types';
import type { DocumentFields, DocumentKind } from '../../../core/cms-document.ts';
import type { CmsCourse } from '../../../core/contracts/cms-structure.ts';

export type { CmsCourse };

/** Every module and session number a course has used, removed ones too, and how many learners completed each session. */
export interface UsedNumbers {
  modules: { number: number; removed: boolean }[];
  sessions: { module: number; number: number; removed: boolean; learners: number }[];
}

export async function readUsedNumbers(db: D1Database, siteId: string, courseId: string): Promise<UsedNumbers> {
  const [modules, sessions] = await db.batch<Record<string, number>>([
    db
      .prepare('SELECT m.number, m.removed_at IS NOT NULL AS removed FROM module m JOIN course c ON c.id = m.course_id WHERE c.site_id = ? AND m.course_id = ?')
      .bind(siteId, courseId),
    db
      .prepare(
        `SELECT s.module_number AS module, s.number, s.removed_at IS NOT NULL AS removed,
                (SELECT COUNT(*) FROM session_progress p WHERE p.course_id = s.course_id AND p.module_number = s.module_number AND p.number = s.number) AS learners
         FROM session s JOIN course c ON c.id = s.course_id WHERE c.site_id = ? AND s.course_id = ?`,
      )
      .bind(siteId, courseId),
  ]);
  return {
    modules: (modules?.results ?? []).map((row) => ({ number: Number(row.number), removed: row.removed === 1 })),
    sessions: (sessions?.results ?? []).map((row) => ({
      module: Number(row.module),
      number: Number(row.number),
      removed: row.removed === 1,
      learners: Number(row.learners),
    })),
  };
}

/** The site's categories' ids and addresses, and any category of that id on another site. */
export async function readCategoryKeys(db: D1Database, siteId: string): Promise<{ id: string; slug: string; own: boolean }[]> {
  const { results } = await db.prepare('SELECT id, slug, site_id = ? AS own FROM category').bind(siteId).all<{ id: string; slug: string; own: number }>();
  return results.map((row) => ({ id: row.id, slug: row.slug, own: row.own === 1 }));
}

/** Whether a course of this id exists anywhere (another site's too) or is being created on this one. */
export async function courseIdTaken(db: D1Database, siteId: string, courseId: string): Promise<boolean> {
  const row = await db
    .prepare(
      `SELECT 1 FROM course WHERE id = ?2
       UNION ALL SELECT 1 FROM cms_draft WHERE site_id = ?1 AND kind IN ('outline', 'course') AND key = ?2 LIMIT 1`,
    )
    .bind(siteId, courseId)
    .first();
  return row !== null;
}

/** Which modules and sessions of a course have a title in the locale, live: keys `{course}.{m}` and `{course}.{m}.{s}`. */
export async function readTitledKeys(db: D1Database, courseId: string, locale: string): Promise<Set<string>> {
  const [modules, sessions] = await db.batch<{ key: string }>([
    db.prepare("SELECT course_id || '.' || number AS key FROM module_text WHERE course_id = ? AND locale = ? AND title <> ''").bind(courseId, locale),
    db
      .prepare("SELECT course_id || '.' || module_number || '.' || number AS key FROM session_text WHERE course_id = ? AND locale = ? AND title <> ''")
      .bind(courseId, locale),
  ]);
  return new Set([...(modules?.results ?? []), ...(sessions?.results ?? [])].map((row) => row.key));
}

/** Whether the course has its texts (title, summary, description) in the locale, live. */
export async function hasCourseText(db: D1Database, courseId: string, locale: string): Promise<boolean> {
  return (await db.prepare('SELECT 1 FROM course_text WHERE course_id = ? AND locale = ?').bind(courseId, locale).first()) !== null;
}

/**
 * Every course of the site for the CMS: live ones (withdrawn too) and those only drafted so far,
 * with the title an editor last wrote (draft first) and whether anything of it waits to be published.
 */
export async function listCmsCourses(db: D1Database, siteId: string, locale: string, defaultLocale: string): Promise<CmsCourse[]> {
  const { results } = await db
    .prepare(
      `WITH ids AS (SELECT id FROM course WHERE site_id = ?1 UNION SELECT key FROM cms_draft WHERE site_id = ?1 AND kind = 'outline')
       SELECT ids.id,
              coalesce((SELECT d.fields ->> '$.title' FROM cms_draft d WHERE d.site_id = ?1 AND d.kind = 'course' AND d.key = ids.id AND d.locale = ?2),
                       (SELECT title FROM course_text WHERE course_id = ids.id AND locale = ?2),
                       (SELECT d.fields ->> '$.title' FROM cms_draft d WHERE d.site_id = ?1 AND d.kind = 'course' AND d.key = ids.id AND d.locale = ?3),
                       (SELECT title FROM course_text WHERE course_id = ids.id AND locale = ?3), ids.id) AS title,
              c.id IS NOT NULL AS live, c.withdrawn_at IS NOT NULL AS withdrawn,
              EXISTS (SELECT 1 FROM cms_draft d WHERE d.site_id = ?1 AND (d.key = ids.id OR d.key LIKE ids.id || '.%') AND d.kind IN ('outline', 'course', 'module', 'session', 'bank')) AS drafted,
              (SELECT COUNT(*) FROM session s WHERE s.course_id = ids.id AND s.removed_at IS NULL) AS sessions
       FROM ids LEFT JOIN course c ON c.id = ids.id AND c.site_id = ?1
       ORDER BY c.position IS NULL DESC, c.position, ids.id`,
    )
    .bind(siteId, locale, defaultLocale)
    .all<{ id: string; title: string; live: number; withdrawn: number; drafted: number; sessions: number }>();
  return results.map((row) => ({
    id: row.id,
    title: row.title,
    status: row.live !== 1 ? 'new' : row.withdrawn === 1 ? 'withdrawn' : 'live',
    drafted: row.drafted === 1,
    sessions: row.sessions,
  }));
}

/** A document of a course to copy: its draft if there is one, else its live text. */
export interface CourseDocument {
  locale: string;
  kind: Extract<DocumentKind, 'course' | 'module' | 'session'>;
  /** The key within the course: '' for the course, `{m}` or `{m}.{s}`. */
  part: string;
  fields: DocumentFields;
}

/** Every text of a course in every locale (course, modules, sessions), each as an editor last left it: draft over live. */
export async function readCourseDocuments(db: D1Database, siteId: string, courseId: string): Promise<CourseDocument[]> {
  const [course, modules, sessions, drafts] = await db.batch<{ locale: string; part: string; fields: string }>([
    db
      .prepare(
        "SELECT t.locale, '' AS part, json_object('title', t.title, 'summary', t.summary, 'description', t.description) AS fields FROM course_text t JOIN course c ON c.id = t.course_id WHERE c.site_id = ? AND t.course_id = ?",
      )
      .bind(siteId, courseId),
    db.prepare("SELECT locale, CAST(number AS TEXT) AS part, json_object('title', title) AS fields FROM module_text WHERE course_id = ?").bind(courseId),
    db
      .prepare(
        `SELECT locale, module_number || '.' || number AS part,
                json_object('title', title, 'body', CASE WHEN json_valid(body) THEN json(body) ELSE json_array(json_object('type', 'p', 'text', body)) END) AS fields
         FROM session_text WHERE course_id = ?`,
      )
      .bind(courseId),
    db
      .prepare(
        `SELECT locale, kind, CASE WHEN key = ?2 THEN '' ELSE substr(key, length(?2) + 2) END AS part, fields FROM cms_draft
         WHERE site_id = ?1 AND ((kind = 'course' AND key = ?2) OR (kind IN ('module', 'session') AND key LIKE ?2 || '.%'))`,
      )
      .bind(siteId, courseId),
  ]);
  const documents = new Map<string, CourseDocument>();
  const add = (kind: CourseDocument['kind'], rows: { locale: string; part: string; fields: string }[] | undefined) => {
    for (const row of rows ?? [])
      documents.set(`${kind}|${row.locale}|${row.part}`, { kind, locale: row.locale, part: row.part, fields: JSON.parse(row.fields) as DocumentFields });
  };
  add('course', course?.results);
  add('module', modules?.results);
  add('session', sessions?.results);
  for (const row of (drafts?.results ?? []) as unknown as { locale: string; kind: CourseDocument['kind']; part: string; fields: string }[])
    add(row.kind, [row]);
  return [...documents.values()];
}
