import { defineMiddleware } from 'astro:middleware';

/**
 * A page rendered for a signed-in user holds their data: no shared cache (a proxy, a CDN) may
 * keep it, and the browser must not show it again from its cache after logout.
 */
export const privatePages = defineMiddleware(async (context, next) => {
  const response = await next();
  if (!context.locals.user || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  const copy = new Response(response.body, response);
  copy.headers.set('Cache-Control', 'private, no-store');
  return copy;
});
