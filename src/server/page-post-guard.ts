import { MAX_BODY_BYTES } from '../../functions/middleware/json-body.ts';
import { isCrossSite, isMutating } from '../../functions/middleware/same-origin.ts';
import { readAtMost } from '../../functions/read-at-most.ts';
import { isApiPath } from '../../core/api-prefix.ts';
import type { RouteError } from './guards.ts';

/** A page form's body may be as large as an API call's: the largest form (support) is a few KiB. */
export const MAX_PAGE_BODY_BYTES = MAX_BODY_BYTES;

/**
 * The staff pages that take a CSV file (people import, a course's enrolment list) take the API's
 * CSV limit (4 MiB), and the import's confirmation carries the file again as base64 (a third more).
 */
export const MAX_UPLOAD_PAGE_BODY_BYTES = 6 * 1024 * 1024;
const UPLOAD_PAGES = /^\/[a-z]{2}-[A-Z]{2}\/staff\/(people\/import|courses\/[a-z0-9-]{1,100})$/;

/** The largest body a page's post may have. */
export const pageBodyLimit = (url: URL): number => (UPLOAD_PAGES.test(url.pathname) ? MAX_UPLOAD_PAGE_BODY_BYTES : MAX_PAGE_BODY_BYTES);

/**
 * What a refused body may still send is read and dropped while the answer goes out, up to this much
 * and this long (a "lingering close", as web servers do it): workerd resets a connection whose body
 * was left unread, and a client still sending would lose the answer with it. Past that it is cut.
 */
export const MAX_DISCARDED_BYTES = 16 * 1024 * 1024;
export const MAX_DISCARD_MS = 10_000;

export type PagePostOutcome = { kind: 'pass'; request: Request } | { kind: 'refused'; error: RouteError; rest: ReadableStream<Uint8Array> | null };

function refusal(statusCode: 403 | 413, url: URL): RouteError {
  const path = `${url.pathname}${url.search}`;
  const limit = pageBodyLimit(url);
  return statusCode === 403
    ? { statusCode, statusMessage: 'Forbidden', message: `Cross-site ${url.pathname}`, messageKey: 'crossSite', fatal: true, path }
    : { statusCode, statusMessage: 'Content Too Large', message: `Body over ${limit} bytes`, messageKey: 'bodyTooLarge', fatal: true, path };
}

/**
 * The API's rules for every page that takes a POST (sign-in, support, user data, logout, and any
 * page added later), whatever the body's type: a change asked from another site is refused (403,
 * where Astro's own check covers form types only), and so is a body over the limit (413), before
 * any page reads it. A declared length is judged from the header; a body without one (chunked) is
 * counted as it arrives and, if within the limit, handed on as the bytes read.
 */
export async function guardPagePost(request: Request): Promise<PagePostOutcome> {
  const url = new URL(request.url);
  if (!isMutating(request.method) || isApiPath(url.pathname)) return { kind: 'pass', request };
  if (isCrossSite(request)) return { kind: 'refused', error: refusal(403, url), rest: request.body };
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared.trim())) {
    return Number(declared) > pageBodyLimit(url) ? { kind: 'refused', error: refusal(413, url), rest: request.body } : { kind: 'pass', request };
  }
  if (request.body === null) return { kind: 'pass', request };
  const bytes = await readAtMost(request.body, pageBodyLimit(url));
  if (bytes === null) return { kind: 'refused', error: refusal(413, url), rest: request.body };
  const headers = new Headers(request.headers);
  headers.delete('transfer-encoding');
  headers.set('content-length', String(bytes.byteLength));
  return { kind: 'pass', request: new Request(request.url, { method: request.method, headers, body: bytes, redirect: request.redirect, cf: request.cf }) };
}

/**
 * Reads what is left of a refused body and drops it, for at most `maxBytes` and `maxMs`; then cuts
 * it off. Never throws.
 */
export async function discardRest(rest: ReadableStream<Uint8Array>, { maxBytes = MAX_DISCARDED_BYTES, maxMs = MAX_DISCARD_MS } = {}): Promise<void> {
  const reader = rest.getReader();
  const timer = setTimeout(() => void reader.cancel().catch(() => undefined), maxMs);
  try {
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client went away, or the time ran out: nothing left to read.
  } finally {
    clearTimeout(timer);
  }
}

/** Refusals by request (its execution context), for the error page that shows them. */
const refusals = new WeakMap<object, RouteError>();

/**
 * What the Worker asks Astro to render instead of a refused post: the error page (an upload page
 * refused for its size: that page), as a GET that carries no body but keeps the headers that
 * choose its language (the locale cookie) and the session, with the refusal remembered for it
 * under the request's execution context.
 */
export function refusalPageRequest(request: Request, error: RouteError, context: object): Request {
  refusals.set(context, error);
  const headers = new Headers(request.headers);
  for (const name of ['content-length', 'content-type', 'transfer-encoding']) headers.delete(name);
  // A file too large for an upload page: the page itself again, its form there and the limit in its
  // alert (src/server/staff-forms.ts oversizedUpload), where staff can choose another file.
  const url = new URL(request.url);
  const target = error.statusCode === 413 && UPLOAD_PAGES.test(url.pathname) ? url : new URL('/404', request.url);
  return new Request(target, { method: 'GET', headers });
}

/** The refusal the Worker recorded for this request, if any (`locals.cfContext` is its execution context). */
export function pagePostRefusal(context: object | undefined): RouteError | undefined {
  return context ? refusals.get(context) : undefined;
}

/**
 * The error page's answer with the refusal's status (Astro answers its 404 route with 404 whatever
 * the page set). With a body still arriving, the page goes out whole at once, with its length, and
 * the answer stays open while the rest of the body is dropped (`discardRest`): the client has the
 * page before it has finished sending, and the connection then ends cleanly.
 */
export async function refusalAnswer(page: Response, error: RouteError, rest: ReadableStream<Uint8Array> | null): Promise<Response> {
  const headers = new Headers(page.headers);
  headers.set('cache-control', 'no-store');
  const init = { status: error.statusCode, statusText: error.statusMessage, headers };
  if (!rest) return new Response(page.body, init);
  const html = new Uint8Array(await page.arrayBuffer());
  const { readable, writable } = new FixedLengthStream(html.byteLength);
  const writer = writable.getWriter();
  void (async () => {
    await writer.write(html);
    await discardRest(rest);
    await writer.close();
  })().catch(() => undefined);
  return new Response(readable, init);
}
