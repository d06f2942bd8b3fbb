import type { D1Database } from '@cloudflare/workers-types';
import type { CourseDetail, SessionDetail } from '../../../core/contracts/lms.ts';
import { outlineDuration, type Outline } from '../../../core/course-outline.ts';

interface DraftRow {
  kind: string;
  key: string;
  locale: string;
  fields: string;
}

interface DraftCourse {
  course: CourseDetail;
  outline: Outline;
  /** A draft's fields in the page's language, else the main language's. */
  text: (kind: string, key: string) => Record<string, unknown> | null;
}

/**
 * Every draft of a course, its live texts (a published course's drafted structure names parts
 * whose texts are live) and the site's categories, read in one round trip.
 */
async function readDraftCourse(db: D1Database, siteId: string, courseId: string, locale: string, defaultLocale: string): Promise<DraftCourse | null> {
  const [drafts, live, categories] = await db.batch<Record<string, unknown>>([
    db
      .prepare(
        `SELECT kind, key, locale, fields FROM cms_draft WHERE site_id = ?1 AND locale IN (?3, ?4)
         AND ((kind IN ('outline', 'course') AND key = ?2) OR (kind IN ('module', 'session') AND key LIKE ?2 || '.%') OR kind = 'category')`,
      )
      .bind(siteId, courseId, locale, defaultLocale),
    db
      .prepare(
        `SELECT 'course' AS kind, t.course_id AS key, t.locale, json_object('title', t.title, 'summary', t.summary, 'description', t.description) AS fields
           FROM course_text t JOIN course c ON c.id = t.course_id AND c.site_id = ?1 WHERE t.course_id = ?2 AND t.locale IN (?3, ?4)
         UNION ALL SELECT 'module', t.course_id || '.' || t.number, t.locale, json_object('title', t.title)
           FROM module_text t JOIN course c ON c.id = t.course_id AND c.site_id = ?1 WHERE t.course_id = ?2 AND t.locale IN (?3, ?4)
         UNION ALL SELECT 'session', t.course_id || '.' || t.module_number || '.' || t.number, t.locale,
                          json_object('title', t.title, 'body', CASE WHEN json_valid(t.body) THEN json(t.body) ELSE t.body END)
           FROM session_text t JOIN course c ON c.id = t.course_id AND c.site_id = ?1 WHERE t.course_id = ?2 AND t.locale IN (?3, ?4)`,
      )
      .bind(siteId, courseId, locale, defaultLocale),
    db
      .prepare(
        `SELECT c.id, c.slug, coalesce(t.name, d.name) AS name FROM category c
         LEFT JOIN category_text t ON t.category_id = c.id AND t.locale = ?2 LEFT JOIN category_text d ON d.category_id = c.id AND d.locale = ?3
         WHERE c.site_id = ?1`,
      )
      .bind(siteId, locale, defaultLocale),
  ]);
  const rows = (drafts?.results ?? []) as unknown as DraftRow[];
  const outlineRow = rows.find((row) => row.kind === 'outline');
  if (!outlineRow) return null;
  const outline = JSON.parse(outlineRow.fields) as Outline;
  const liveRows = (live?.results ?? []) as unknown as DraftRow[];
  // A draft before the live text, each in the page's language first, the main language as the fallback.
  const text = (kind: string, key: string): Record<string, unknown> | null => {
    const of = (candidates: DraftRow[]) =>
      candidates.find((row) => row.kind === kind && row.key === key && row.locale === locale) ?? candidates.find((row) => row.kind === kind && row.key === key);
    const found = of(rows) ?? of(liveRows);
    return found ? (JSON.parse(found.fields) as Record<string, unknown>) : null;
  };
  const course = text('course', courseId) ?? {};
  const category = ((categories?.results ?? []) as unknown as { id: string; slug: string; name: string | null }[]).find((row) => row.id === outline.category);
  const detail: CourseDetail = {
    id: courseId,
    title: String(course.title ?? courseId),
    summary: String(course.summary ?? ''),
    description: String(course.description ?? ''),
    categoryId: outline.category,
    categoryName: String(category?.name ?? text('category', outline.category)?.name ?? outline.category),
    categorySlug: category?.slug ?? outline.category,
    ecmCredits: outline.ecmCredits,
    duration: outlineDuration(outline),
    withdrawn: outline.withdrawn,
    modules: outline.modules.map((module, index) => ({
      number: module.number,
      position: index + 1,
      title: String(text('module', `${courseId}.${module.number}`)?.title ?? ''),
      sessions: module.sessions.map((session) => ({
        moduleNumber: module.number,
        number: session.number,
        kind: session.kind,
        duration: session.duration,
        title: String(text('session', `${courseId}.${module.number}.${session.number}`)?.title ?? ''),
        completedAt: null,
      })),
    })),
  };
  return { course: detail, outline, text };
}

/**
 * A course as its drafted structure would show it: a course that exists only as drafts (created in
 * the CMS, not yet published), or a published course whose structure has a draft. For editors and
 * testers, who review it in place before "Pubblica". Texts drafted, else live, each in the page's
 * language, else the main language's. Null when the course has no drafted structure.
 */
export async function findDraftCourse(db: D1Database, siteId: string, courseId: string, locale: string, defaultLocale: string): Promise<CourseDetail | null> {
  return (await readDraftCourse(db, siteId, courseId, locale, defaultLocale))?.course ?? null;
}

/** One session of a course that exists only as drafts, as the player would show it (nothing to complete yet). */
export async function findDraftSession(
  db: D1Database,
  siteId: string,
  courseId: string,
  moduleNumber: number,
  number: number,
  locale: string,
  defaultLocale: string,
): Promise<SessionDetail | null> {
  const draft = await readDraftCourse(db, siteId, courseId, locale, defaultLocale);
  if (!draft) return null;
  const { course, outline } = draft;
  const all = course.modules.flatMap((module) => module.sessions);
  const index = all.findIndex((session) => session.moduleNumber === moduleNumber && session.number === number);
  const summary = all[index];
  if (!summary) return null;
  const session = outline.modules.find((module) => module.number === moduleNumber)?.sessions.find((candidate) => candidate.number === number);
  const neighbour = (i: number) => {
    const found = all[i];
    return found ? { moduleNumber: found.moduleNumber, number: found.number } : null;
  };
  const fields = draft.text('session', `${courseId}.${moduleNumber}.${number}`) ?? {};
  return {
    ...summary,
    courseId,
    courseTitle: course.title,
    modulePosition: course.modules.find((module) => module.number === moduleNumber)?.position ?? moduleNumber,
    // A live text from before documents may be plain paragraphs: the player reads either.
    body: typeof fields.body === 'string' ? fields.body : JSON.stringify(fields.body ?? []),
    mediaUrl: session?.media ?? null,
    posterUrl: session?.poster ?? null,
    captions: Object.entries(session?.captions ?? {}).map(([captionLocale, url]) => ({ locale: captionLocale, url })),
    previous: neighbour(index - 1),
    next: neighbour(index + 1),
    progress: { done: 0, total: all.length },
    position: null,
  };
}
