import { defineMiddleware } from 'astro:middleware';
import { withSessionMarker } from '../../functions/auth/session-cookie.ts';

/**
 * Keeps the display marker (t-in) beside t-ssid on every answer of the Worker: sign-in by form,
 * API or identity provider, renewal, expiry and logout all set or clear t-ssid, and the marker
 * follows from that one Set-Cookie, so no code path can set one without the other.
 */
export const sessionMarker = defineMiddleware(async (context, next) => {
  const response = await next();
  const cookies = response.headers.getSetCookie();
  const marked = withSessionMarker(cookies, context.url);
  if (marked.length === cookies.length && marked.every((value, i) => value === cookies[i])) return response;
  // Redirects and fetched responses have immutable headers: copy before setting.
  const copy = new Response(response.body, response);
  copy.headers.delete('set-cookie');
  for (const value of marked) copy.headers.append('set-cookie', value);
  return copy;
});
