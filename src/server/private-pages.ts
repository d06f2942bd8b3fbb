import { defineMiddleware } from 'astro:middleware';
import { LOG_USER_HEADER } from '../../functions/request-log.ts';

/**
 * A page rendered for a signed-in user holds their data: no shared cache (a proxy, a CDN) may
 * keep it, and the browser must not show it again from its cache after logout. The user's id goes
 * to the request's log line (src/worker.ts removes the header).
 */
export const privatePages = defineMiddleware(async (context, next) => {
  const response = await next();
  const user = context.locals.user;
  if (!user) return response;
  const copy = new Response(response.body, response);
  copy.headers.set(LOG_USER_HEADER, user.id);
  if (response.headers.get('content-type')?.startsWith('text/html')) copy.headers.set('Cache-Control', 'private, no-store');
  return copy;
});
