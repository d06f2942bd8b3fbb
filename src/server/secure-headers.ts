import { env } from 'cloudflare:workers';
import { framingOf, HSTS, isLocalHost, securityHeaders } from '../../core/security-headers.ts';
import { contentOriginOf } from '../../functions/scorm/content-origin.ts';

// On-demand pages may frame the SCORM content origin (the session page's player); static ones
// (`_headers`) frame nothing.
const CONTENT_ORIGIN = contentOriginOf(env);
const FRAME_SOURCES = CONTENT_ORIGIN ? [CONTENT_ORIGIN] : [];

const HEADERS = {
  none: Object.entries(securityHeaders(import.meta.env.CSP_SCRIPT_HASHES ?? [], 'none', FRAME_SOURCES)),
  'same-origin': Object.entries(securityHeaders(import.meta.env.CSP_SCRIPT_HASHES ?? [], 'same-origin', FRAME_SOURCES)),
};

/**
 * The headers the static assets get from `_headers`, on every answer of the Worker (src/worker.ts);
 * a course's PDF may be framed by the site's own session page (core/security-headers.ts `framingOf`).
 */
export function withSecurityHeaders(response: Response, url: URL): Response {
  // Redirects and fetched responses have immutable headers: copy before setting.
  const secured = new Response(response.body, response);
  for (const [name, value] of HEADERS[framingOf(url.pathname, response.headers.get('content-type'))]) secured.headers.set(name, value);
  if (!isLocalHost(url.hostname)) secured.headers.set('Strict-Transport-Security', HSTS);
  return secured;
}
