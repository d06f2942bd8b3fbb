/** A site page's address below its locale: '' for the home page; path and repository pages sit under their own folder. */
export function pageAddress(kind: 'content' | 'pf' | 'repository', slug: string): string {
  if (kind === 'content') return slug === 'home' ? '' : `/${slug}`;
  return `/${kind}/${slug}`;
}

/** A site page's address in a locale. */
export function sitePagePath(locale: string, kind: 'content' | 'pf' | 'repository', slug: string): string {
  return `/${locale}${pageAddress(kind, slug)}`;
}
