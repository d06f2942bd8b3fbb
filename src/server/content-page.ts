import { env } from 'cloudflare:workers';
import { findPage, listPages, type Page, type PageKind } from '../../functions/data/site/pages.ts';
import { FIXED_CONTENT_KEYS, isReservedPageKey } from '../../core/cms-document.ts';
import type { PageContext } from './page-context.ts';

/** Pages with a fixed route (home, privacy, ...) are not served again by the catch-all. */
export const FIXED_CONTENT_SLUGS = FIXED_CONTENT_KEYS;

/** The content page `kind/slug` in the request's locale, with the page context (`locals.page`). */
export async function loadContentPage(locals: App.Locals, kind: PageKind, slug: string): Promise<{ page: PageContext; content: Page }> {
  const page = await locals.page;
  const content = await findPage(env.DB, page.site._id, page.locale, kind, slug);
  if (!content) throw new Error(`Content page missing from D1: ${kind}/${slug} in ${page.locale}`);
  return { page, content };
}

/** Static paths for a fixed content page: one per locale it exists in. */
export async function fixedContentPaths(slug: string): Promise<{ params: { locale: string } }[]> {
  const pages = await listPages(env.DB, env.SITE_ID, 'content');
  return pages.filter((page) => page.slug === slug).map((page) => ({ params: { locale: page.locale } }));
}

/**
 * Static paths for every page of a kind, slug included. A page whose slug a route uses (saved
 * before the CMS refused such keys) is never built: its static file would shadow the route.
 */
export async function contentPaths(kind: PageKind, exclude: readonly string[] = []): Promise<{ params: { locale: string; slug: string } }[]> {
  const pages = await listPages(env.DB, env.SITE_ID, kind);
  return pages
    .filter((page) => !exclude.includes(page.slug) && !isReservedPageKey(kind, page.slug))
    .map((page) => ({ params: { locale: page.locale, slug: page.slug } }));
}
