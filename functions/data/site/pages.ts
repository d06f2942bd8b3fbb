import type { D1Database } from '@cloudflare/workers-types';
import type { ContentBlock, Page, PageKind, TileComponent, TilePageContent } from '../../../core/contracts/page.ts';

export type { ContentBlock, Page, PageKind, TileComponent, TilePageContent };

interface PageRow {
  locale: string;
  kind: PageKind;
  slug: string;
  title: string;
  description: string;
  body: string;
  tiles: string | null;
}

function toPage(row: PageRow): Page {
  return {
    locale: row.locale,
    kind: row.kind,
    slug: row.slug,
    title: row.title,
    description: row.description,
    body: JSON.parse(row.body) as ContentBlock[],
    tiles: row.tiles ? (JSON.parse(row.tiles) as TilePageContent) : null,
  };
}

export async function findPage(db: D1Database, siteId: string, locale: string, kind: PageKind, slug: string): Promise<Page | null> {
  const row = await db
    .prepare('SELECT locale, kind, slug, title, description, body, tiles FROM page WHERE site_id = ? AND locale = ? AND kind = ? AND slug = ?')
    .bind(siteId, locale, kind, slug)
    .first<PageRow>();
  return row ? toPage(row) : null;
}

/** Every page of a kind, in every locale: what the build pre-renders. */
export async function listPages(db: D1Database, siteId: string, kind: PageKind): Promise<Page[]> {
  const { results } = await db
    .prepare('SELECT locale, kind, slug, title, description, body, tiles FROM page WHERE site_id = ? AND kind = ? ORDER BY locale, slug')
    .bind(siteId, kind)
    .all<PageRow>();
  return results.map(toPage);
}
