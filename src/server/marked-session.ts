import { withSessionMarker } from '../../functions/auth/session-cookie.ts';

/**
 * The answer with the display marker (t-in) kept beside t-ssid: sign-in by form, API or identity
 * provider, renewal, expiry and logout all set or clear t-ssid, and the marker follows from that
 * one Set-Cookie, so no code path can set one without the other. Pages get it from the middleware
 * (session-marker.ts); the API and the course media, which src/worker.ts serves past Astro, from the Worker.
 */
export function withMarkedSession(response: Response, url: URL): Response {
  const cookies = response.headers.getSetCookie();
  const marked = withSessionMarker(cookies, url);
  if (marked.length === cookies.length && marked.every((value, i) => value === cookies[i])) return response;
  // Redirects and fetched responses have immutable headers: copy before setting.
  const copy = new Response(response.body, response);
  copy.headers.delete('set-cookie');
  for (const value of marked) copy.headers.append('set-cookie', value);
  return copy;
}
