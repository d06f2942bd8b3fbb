import { createMiddleware } from 'hono/factory';
import { HttpError } from '../http-error.ts';
import { message } from '../messages.ts';
import { requestLanguage } from '../request-language.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isMutating(method: string): boolean {
  return MUTATING.has(method.toUpperCase());
}

/** JSON as Hono's validator reads it: application/json or application/*+json, with any parameters. */
export function isJsonMediaType(contentType: string): boolean {
  return /^application\/([\w.-]+\+)?json$/i.test(contentType.split(';')[0]?.trim() ?? '');
}

/**
 * A change requested from another site (CSRF): the browser's Origin differs from ours, or it says
 * the fetch is cross-site. Browsers always send one of the two with a mutating fetch; callers that
 * are not browsers (the build worker, curl) send neither and are judged by their credentials.
 */
export function isCrossSite(request: Request): boolean {
  if (!isMutating(request.method)) return false;
  const origin = request.headers.get('origin');
  if (origin !== null) return origin !== new URL(request.url).origin;
  const site = request.headers.get('sec-fetch-site');
  return site !== null && site !== 'same-origin' && site !== 'none';
}

/** A mutating call may carry JSON or nothing: a form or text body is how cross-site forms arrive. */
export function hasNonJsonBody(request: Request): boolean {
  if (!isMutating(request.method)) return false;
  const type = request.headers.get('content-type');
  return type !== null && type.trim() !== '' && !isJsonMediaType(type);
}

/** A file's part: raw bytes, which no cross-site form can send (the type needs a CORS preflight we never grant). */
export function isOctetStream(contentType: string | null): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/octet-stream';
}

/**
 * Refuses cross-site changes (403) and non-JSON bodies (415). Not hono/csrf: it checks only
 * form-like bodies and refuses callers without Origin and Sec-Fetch-Site (the build worker);
 * here every mutating call from a foreign origin is refused, whatever its body.
 */
export const sameOrigin = createMiddleware(async (c, next) => {
  const language = requestLanguage(c);
  if (isCrossSite(c.req.raw)) throw new HttpError(403, message('crossSite', language));
  if (hasNonJsonBody(c.req.raw)) throw new HttpError(415, message('unsupportedMediaType', language));
  await next();
});

/** The same for a call that takes bytes (a file's part): cross-site refused (403), anything but `application/octet-stream` 415. */
export const sameOriginBytes = createMiddleware(async (c, next) => {
  const language = requestLanguage(c);
  if (isCrossSite(c.req.raw)) throw new HttpError(403, message('crossSite', language));
  if (!isOctetStream(c.req.header('content-type') ?? null)) throw new HttpError(415, message('octetStreamRequired', language));
  await next();
});
