import type { R2Object } from '@cloudflare/workers-types';
import { parseByteRange } from '../../core/byte-range.ts';
import { MEDIA_PREFIX, STAGING_PREFIX, UNPACKED_PACKAGE_PREFIX } from '../../core/media/kinds.ts';
import type { Env } from '../env.ts';
import { HttpError } from '../http-error.ts';
import { languageOf, message, type Language } from '../messages.ts';
import { mediaMessage } from '../media/messages.ts';
import { LOG_USER_HEADER } from '../request-log.ts';
import type { User } from '../data/auth/users.ts';
import { mediumAccess } from '../course-access/entry.ts';
import { courseAccessMessage } from '../course-access/messages.ts';
import { subresourceContext, subresourceRefusal as refusal } from '../subresource-request.ts';

export { MEDIA_PREFIX };

/**
 * How long the learner's browser may reuse a medium without asking: a video is read in many
 * ranges while it plays and seeks. Only the browser (`private`): a shared cache would hand a
 * course's video to anyone.
 */
export const MEDIA_CACHE_CONTROL = 'private, max-age=3600';

// Keys are plain names in folders: anything else (an encoded character, '..') is no object of ours.
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}(?:\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}){0,7}$/;

/**
 * A course medium (a lesson's video, its captions) from the R2 bucket, to a signed-in user whose
 * role may read courses and whom a published course using it lets in (a draft's files only to
 * editors and testers). The player asks for it as a subresource (`<video>`, `<track>`): a refusal
 * is a plain 401, 403 or 404 with a one-line reason, never a page or a redirect. Byte ranges are
 * answered (206), as the browser needs to seek; the body is R2's stream, never read into memory.
 */
export async function serveMedia(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  const { context, locale } = subresourceContext(request, env);
  const language = languageOf(locale);
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return refusal(request, 405, message('methodNotAllowed', language, { method: request.method, path: url.pathname }), { Allow: 'GET, HEAD' });
  }
  let user: User;
  try {
    user = (await context.requirePermission('course:read')).user;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return withCookies(refusal(request, error.statusCode, error.message), context.cookies);
  }
  // A medium goes only to those a published course using it lets in; a draft's to its editors and testers (functions/course-access/entry.ts).
  const access = await mediumAccess(env.DB, user, url.pathname);
  if (access === 'refused') return withCookies(refusal(request, 403, courseAccessMessage('mediumRefused', language)), context.cookies);
  if (access === 'unused') {
    const key = url.pathname.slice(MEDIA_PREFIX.length);
    return withCookies(refusal(request, 404, mediaMessage('mediaNotFound', language, { key: key.slice(0, 200) })), context.cookies);
  }
  const answer = await mediaAnswer(request, env, url.pathname.slice(MEDIA_PREFIX.length), language);
  answer.headers.set(LOG_USER_HEADER, user.id);
  return withCookies(answer, context.cookies);
}

async function mediaAnswer(request: Request, env: Env, key: string, language: Language, attempt = 0): Promise<Response> {
  const notFound = () => refusal(request, 404, mediaMessage('mediaNotFound', language, { key: key.slice(0, 200) }));
  // A replacement waiting to be checked (functions/media) is no medium yet; an unpacked SCORM
  // package's files run only on the content origin (functions/scorm/serve-content.ts), never here.
  if (
    !KEY_PATTERN.test(key) ||
    key.startsWith(STAGING_PREFIX) ||
    key.startsWith(UNPACKED_PACKAGE_PREFIX) ||
    key.split('/').some((part) => part === '..' || part === '.')
  )
    return notFound();
  const head = await env.MEDIA.head(key);
  if (!head) return notFound();
  const headers = objectHeaders(head);
  if (matchesEtag(request.headers.get('if-none-match'), head.httpEtag)) return new Response(null, { status: 304, headers });
  const range = parseByteRange(rangeStillValid(request, head) ? request.headers.get('range') : null, head.size);
  if (range === 'unsatisfiable') {
    const answer = refusal(request, 416, message('rangeNotSatisfiable', language, { size: String(head.size) }));
    answer.headers.set('Content-Range', `bytes */${head.size}`);
    answer.headers.set('Accept-Ranges', 'bytes');
    return answer;
  }
  const status = range ? 206 : 200;
  headers.set('Content-Length', String(range ? range.length : head.size));
  if (range) headers.set('Content-Range', `bytes ${range.offset}-${range.offset + range.length - 1}/${head.size}`);
  if (request.method === 'HEAD') return new Response(null, { status, headers });
  // Only the version measured above: a range computed on one version must not be cut from another.
  const object = await env.MEDIA.get(key, { ...(range ? { range } : {}), onlyIf: { etagMatches: head.etag } });
  if (!object) return notFound();
  if (!('body' in object)) {
    // Replaced between the two reads: measure the new version once more.
    if (attempt < 1) return mediaAnswer(request, env, key, language, attempt + 1);
    return refusal(request, 503, mediaMessage('mediaChanging', language), { 'Retry-After': '1' });
  }
  return new Response(object.body as unknown as ReadableStream, { status, headers });
}

function objectHeaders(object: R2Object): Headers {
  const headers = new Headers({
    'Accept-Ranges': 'bytes',
    'Cache-Control': MEDIA_CACHE_CONTROL,
    'Content-Type': object.httpMetadata?.contentType ?? 'application/octet-stream',
    ETag: object.httpEtag,
    'Last-Modified': object.uploaded.toUTCString(),
  });
  if (object.httpMetadata?.contentLanguage) headers.set('Content-Language', object.httpMetadata.contentLanguage);
  return headers;
}

/** If-None-Match compares weakly: any listed tag, W/ or not, or `*`. */
function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value.replace(/^W\//, '') === etag;
  });
}

/** If-Range: the range holds only for the version the browser already has part of; else the whole object. */
function rangeStillValid(request: Request, object: R2Object): boolean {
  const condition = request.headers.get('if-range')?.trim();
  if (!condition) return true;
  if (condition.startsWith('"')) return condition === object.httpEtag;
  const date = Date.parse(condition);
  return !Number.isNaN(date) && Math.floor(object.uploaded.getTime() / 1000) * 1000 <= date;
}

function withCookies(response: Response, cookies: readonly string[]): Response {
  for (const cookie of cookies) response.headers.append('Set-Cookie', cookie);
  return response;
}
