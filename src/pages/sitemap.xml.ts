import type { APIRoute } from 'astro';
import { env } from 'cloudflare:workers';
import { findSite } from '../../functions/data/site/sites.ts';
import { DEFAULT_LOCALE } from '../../core/locale.ts';
import { publicPaths } from '../server/public-paths.ts';

/** Every public page in every locale, with its alternates (built once, served as a file). */
export const GET: APIRoute = async ({ site }) => {
  const origin = site ?? new URL('http://localhost:4321');
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const defaultLocale = (await findSite(env.DB, env.SITE_ID))?.defaultLocale ?? DEFAULT_LOCALE;
  const entries = (await publicPaths()).flatMap(({ path, locales }) =>
    locales.map((locale) => {
      const link = (hreflang: string, code: string) =>
        `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escape(new URL(`/${code}${path}`, origin).href)}"/>`;
      // x-default: the site's default locale, or the page's first locale when it lacks that one.
      const fallback = locales.includes(defaultLocale) ? defaultLocale : (locales[0] ?? locale);
      const alternates = [...locales.map((alt) => link(alt, alt)), link('x-default', fallback)].join('');
      return `<url><loc>${escape(new URL(`/${locale}${path}`, origin).href)}</loc>${alternates}</url>`;
    }),
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
