import { HSTS, isLocalHost, securityHeaders } from '../../core/security-headers.ts';

const HEADERS = Object.entries(securityHeaders(import.meta.env.CSP_SCRIPT_HASHES ?? []));

/** The headers the static assets get from `_headers`, on every answer of the Worker (src/worker.ts). */
export function withSecurityHeaders(response: Response, url: URL): Response {
  // Redirects and fetched responses have immutable headers: copy before setting.
  const secured = new Response(response.body, response);
  for (const [name, value] of HEADERS) secured.headers.set(name, value);
  if (!isLocalHost(url.hostname)) secured.headers.set('Strict-Transport-Security', HSTS);
  return secured;
}
