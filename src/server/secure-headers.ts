import { defineMiddleware } from 'astro:middleware';
import { HSTS, isLocalHost, securityHeaders } from '../../core/security-headers.ts';

const HEADERS = Object.entries(securityHeaders(import.meta.env.CSP_SCRIPT_HASHES ?? []));

/** The headers the static assets get from `_headers`, on every on-demand page (the API sets the same itself). */
export const secureHeaders = defineMiddleware(async (context, next) => {
  const response = await next();
  if (context.url.pathname.startsWith('/api/')) return response;
  // Redirects and fetched responses have immutable headers: copy before setting.
  const secured = new Response(response.body, response);
  for (const [name, value] of HEADERS) secured.headers.set(name, value);
  if (!isLocalHost(context.url.hostname)) secured.headers.set('Strict-Transport-Security', HSTS);
  return secured;
});
