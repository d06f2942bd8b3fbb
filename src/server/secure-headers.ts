import { framingOf, HSTS, isLocalHost, securityHeaders } from '../../core/security-headers.ts';

const HEADERS = {
  none: Object.entries(securityHeaders(import.meta.env.CSP_SCRIPT_HASHES ?? [])),
  'same-origin': Object.entries(securityHeaders(import.meta.env.CSP_SCRIPT_HASHES ?? [], 'same-origin')),
  package: Object.entries(securityHeaders([], 'package')),
};

/**
 * The headers the static assets get from `_headers`, on every answer of the Worker (src/worker.ts);
 * a course's PDF may be framed by the site's own session page, and a SCORM package's files have a
 * policy of their own (core/security-headers.ts `framingOf`).
 */
export function withSecurityHeaders(response: Response, url: URL): Response {
  // Redirects and fetched responses have immutable headers: copy before setting.
  const secured = new Response(response.body, response);
  for (const [name, value] of HEADERS[framingOf(url.pathname, response.headers.get('content-type'))]) secured.headers.set(name, value);
  if (!isLocalHost(url.hostname)) secured.headers.set('Strict-Transport-Security', HSTS);
  return secured;
}
