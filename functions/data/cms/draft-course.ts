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

/** Every draft of a course and the site's categories, read in one round trip. */
async function readDraftCourse(db: D1Database, siteId: string, courseId: string, locale: string, defaultLocale: string): Promise<DraftCourse | null> {
  const [drafts, categories] = await db.batch<Record<string, unknown>>([
    db
      .prepare(
        `SELECT kind, key, locale, fields FROM cms_draft WHERE site_id = ?1 AND locale IN (?3, ?4)
         AND ((kind IN ('outline', 'course') AND key = ?2) OR (kind IN ('module', 'session') AND key LIKE ?2 || '.%') OR kind = 'category')`,
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
  // The page's language first, the main language as the fallback.
  const text = (kind: string, key: string): Record<string, unknown> | null => {
    const found = rows.find((row) => row.kind === kind && row.key === key && row.locale === locale) ?? rows.find((row) => row.kind === kind && row.key === key);
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
 * A course that exists only as drafts (created in the CMS, not yet published), as its page would
 * show it: for editors and testers, who review new courses in place before "Pubblica". Texts in
 * the page's language, else the main language's. Null when there is no such draft.
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
    body: JSON.stringify(typeof fields.body === 'object' && fields.body !== null ? fields.body : []),
    mediaUrl: session?.media ?? null,
    posterUrl: session?.poster ?? null,
    captions: Object.entries(session?.captions ?? {}).map(([captionLocale, url]) => ({ locale: captionLocale, url })),
    previous: neighbour(index - 1),
    next: neighbour(index + 1),
    progress: { done: 0, total: all.length },
    position: null,
  };
}
