import type { D1Database, D1PreparedStatement, D1Result } from '@cloudflare/workers-types';

export interface Tag {
  _id: string;
  name: string;
}

/** The site's tags of a type (categories), named in the locale, else the site's default, else by id. */
export async function listTags(db: D1Database, siteId: string, locale: string, type: string): Promise<Tag[]> {
  return tagsOf(await tagsStatement(db, siteId, locale, type).all());
}

/** listTags' statement, for a batch (read back by `tagsOf`). */
export function tagsStatement(db: D1Database, siteId: string, locale: string, type: string): D1PreparedStatement {
  return db
    .prepare(
      `SELECT c.id AS _id, COALESCE(t.name, d.name, c.id) AS name
       FROM category c
       LEFT JOIN category_text t ON t.category_id = c.id AND t.locale = ?
       LEFT JOIN category_text d ON d.category_id = c.id AND d.locale = (SELECT default_locale FROM site WHERE id = c.site_id)
       WHERE c.site_id = ? AND c.type = ? ORDER BY c.position`,
    )
    .bind(locale, siteId, type);
}

export function tagsOf(result: D1Result): Tag[] {
  return result.results as unknown as Tag[];
}
