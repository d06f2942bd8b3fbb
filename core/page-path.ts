/** A site page's address: the home page is the locale's root; path and repository pages sit under their own folder. */
export function sitePagePath(locale: string, kind: 'content' | 'pf' | 'repository', slug: string): string {
  if (kind === 'content') return slug === 'home' ? `/${locale}` : `/${locale}/${slug}`;
  return `/${locale}/${kind}/${slug}`;
}
