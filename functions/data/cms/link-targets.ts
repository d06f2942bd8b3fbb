import type { D1Database } from '@cloudflare/workers-types';

/** A published page of the site, by kind and slug, with its title in the locale. */
export interface PageTargetRow {
  kind: 'content' | 'pf' | 'repository';
  slug: string;
  title: string;
}

/** A published session of a course learners may find, with its course's and its own title. */
export interface SessionTargetRow {
  course_id: string;
  course_title: string;
  module_number: number;
  number: number;
  title: string;
}

/**
 * What a lesson may link to, as learners will find it: the site's pages in the locale, and the
 * sessions of courses not withdrawn (modules and sessions not removed), in the course's order.
 * Titles in the locale, else the site's default locale. One round trip.
 */
export async function readLinkTargets(
  db: D1Database,
  siteId: string,
  locale: string,
  defaultLocale: string,
): Promise<{ pages: PageTargetRow[]; sessions: SessionTargetRow[] }> {
  const [pages, sessions] = await db.batch([
    db.prepare('SELECT kind, slug, title FROM page WHERE site_id = ?1 AND locale = ?2 ORDER BY kind, title').bind(siteId, locale),
    db
      .prepare(
        `SELECT s.course_id, s.module_number, s.number,
                coalesce((SELECT title FROM course_text WHERE course_id = c.id AND locale = ?2), (SELECT title FROM course_text WHERE course_id = c.id AND locale = ?3), c.id) AS course_title,
                coalesce((SELECT title FROM session_text t WHERE t.course_id = s.course_id AND t.module_number = s.module_number AND t.number = s.number AND t.locale = ?2),
                         (SELECT title FROM session_text t WHERE t.course_id = s.course_id AND t.module_number = s.module_number AND t.number = s.number AND t.locale = ?3), '') AS title
         FROM course c
         JOIN module m ON m.course_id = c.id AND m.removed_at IS NULL
         JOIN session s ON s.course_id = c.id AND s.module_number = m.number AND s.removed_at IS NULL
         WHERE c.site_id = ?1 AND c.withdrawn_at IS NULL
         ORDER BY c.position, c.id, m.position, m.number, s.position, s.number`,
      )
      .bind(siteId, locale, defaultLocale),
  ]);
  return { pages: (pages?.results ?? []) as PageTargetRow[], sessions: (sessions?.results ?? []) as SessionTargetRow[] };
}
