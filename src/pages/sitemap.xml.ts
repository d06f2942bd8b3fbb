import type { APIRoute } from 'astro';
import { publicPaths } from '../server/public-paths.ts';

/** Every public page in every locale, with its alternates (built once, served as a file). */
export const GET: APIRoute = async ({ site }) => {
  const origin = site ?? new URL('http://localhost:4321');
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const entries = (await publicPaths()).flatMap(({ path, locales }) =>
    locales.map((locale) => {
      const alternates = locales.map((alt) => `<xhtml:link rel="alternate" hreflang="${alt}" href="${escape(new URL(`/${alt}${path}`, origin).href)}"/>`).join('');
      return `<url><loc>${escape(new URL(`/${locale}${path}`, origin).href)}</loc>${alternates}</url>`;
    }),
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
