import { parseByteRange } from '../../core/byte-range.ts';
import { parsePackageAddress } from '../../core/scorm/package-path.ts';
import { isSafePath } from '../../core/scorm/package-rules.ts';
import { loadPermissions } from '../data/auth/roles.ts';
import { findDraftSessionPackage, findSessionPackage } from '../data/scorm/packages.ts';
import type { Env } from '../env.ts';
import { HttpError } from '../http-error.ts';
import { languageOf, message } from '../messages.ts';
import { entryOf } from '../course-access/entry.ts';
import { courseAccessMessage } from '../course-access/messages.ts';
import { LOG_USER_HEADER } from '../request-log.ts';
import { subresourceContext, subresourceRefusal as refusal } from '../subresource-request.ts';
import { scormMessage } from './messages.ts';

/** A package's files change only with a new unpacking (a new prefix): the learner's browser may keep them a while. */
const PACKAGE_CACHE_CONTROL = 'private, max-age=300';

/**
 * A file of a SCORM session's package (`/scorm/{course}/{m}/{s}/{file}`), from the R2 prefix the
 * session's package is unpacked under, to a signed-in user whose role may read courses and whom
 * the course lets in, as its media (for a session still a draft, its draft's package, to those
 * who may read drafts). The session page frames it; its security headers are the
 * package's own (core/security-headers.ts, set in src/worker.ts). Refusals are plain text: it is
 * a frame's document or a subresource. Byte ranges are answered for a package's audio and video.
 */
export async function servePackageFile(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  const { context, locale } = subresourceContext(request, env);
  const language = languageOf(locale);
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return refusal(request, 405, message('methodNotAllowed', language, { method: request.method, path: url.pathname }), { Allow: 'GET, HEAD' });
  }
  const address = parsePackageAddress(url.pathname);
  const notFound = () => refusal(request, 404, scormMessage('packageFileNotFound', language, { path: url.pathname.slice(0, 200) }));
  if (!address || !isSafePath(address.file) || address.file.endsWith('/')) return notFound();
  const answer = async (): Promise<Response> => {
    let user;
    try {
      user = (await context.requirePermission('course:read')).user;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return refusal(request, error.statusCode, error.message);
    }
    if (!(await entryOf(env.DB, user, address.courseId)).allowed) return refusal(request, 403, courseAccessMessage('mediumRefused', language));
    // A session not live yet: editors and testers preview its draft's package at the same address.
    const live = await findSessionPackage(env.DB, context.siteId, address.courseId, address.module, address.session);
    const found =
      live ??
      ((await loadPermissions(env.DB, user.roles)).has('drafts:read')
        ? await findDraftSessionPackage(env.DB, context.siteId, address.courseId, address.module, address.session)
        : null);
    if (!found) return notFound();
    const key = `${found.prefix}${address.file}`;
    const head = await env.MEDIA.head(key);
    if (!head) return notFound();
    const range = parseByteRange(request.headers.get('range'), head.size);
    if (range === 'unsatisfiable')
      return refusal(request, 416, message('rangeNotSatisfiable', language, { size: String(head.size) }), { 'Content-Range': `bytes */${head.size}` });
    const served = new Headers({
      'Content-Type': head.httpMetadata?.contentType ?? 'application/octet-stream',
      // A draft's package may be replaced at any save, and the address stays: the reviewer's browser asks again each time.
      'Cache-Control': live ? PACKAGE_CACHE_CONTROL : 'private, no-cache',
      'Accept-Ranges': 'bytes',
      ETag: head.httpEtag,
      'Content-Length': String(range ? range.length : head.size),
    });
    if (range) served.set('Content-Range', `bytes ${range.offset}-${range.offset + range.length - 1}/${head.size}`);
    served.set(LOG_USER_HEADER, user.id);
    const status = range ? 206 : 200;
    if (request.method === 'HEAD') return new Response(null, { status, headers: served });
    const object = await env.MEDIA.get(key, range ? { range } : {});
    if (!object) return notFound();
    return new Response(object.body as unknown as ReadableStream, { status, headers: served });
  };
  const response = await answer();
  for (const cookie of context.cookies) response.headers.append('Set-Cookie', cookie);
  return response;
}
