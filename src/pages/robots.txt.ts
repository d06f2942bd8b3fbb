import type { APIRoute } from 'astro';

export const GET: APIRoute = ({ site }) => {
  const origin = site ?? new URL('http://localhost:4321');
  const body = [
    'User-agent: *',
    'Disallow: /api/',
    // Course media answer only signed-in learners: nothing there for a crawler.
    'Disallow: /media/',
    'Disallow: /tiles-access',
    'Disallow: /*/profile',
    'Disallow: /*/staff/',
    // A course's page is its public summary for a crawler; its sessions and ECM page are for learners.
    'Disallow: /*/course/session/',
    'Disallow: /*/course/ecm/',
    '',
    `Sitemap: ${new URL('/sitemap.xml', origin).href}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
