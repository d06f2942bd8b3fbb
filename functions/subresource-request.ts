import { LOCALE_COOKIE, LOCALE_PATTERN } from '../core/locale.ts';
import { createApiContext, LOCALE_HEADER, SITE_HEADER, type ApiContext } from './api-context.ts';
import { readCookie } from './auth/session-cookie.ts';
import type { Env } from './env.ts';

/**
 * The context of a file a page loads as a subresource (a course medium, a SCORM package's file):
 * it belongs to the deployment's site, whatever site a header names, and the caller's language
 * comes from the locale cookie, as a `<video>` or a frame sends no header of ours.
 */
export function subresourceContext(request: Request, env: Env): { context: ApiContext; locale: string } {
  const locale = requestLocale(request);
  const headers = new Headers(request.headers);
  headers.delete(SITE_HEADER);
  headers.set(LOCALE_HEADER, locale);
  return { context: createApiContext(new Request(request.url, { method: request.method, headers }), env), locale };
}

/** The locale a subresource is answered in: the API's header if sent, else the visitor's locale cookie. */
function requestLocale(request: Request): string {
  const candidate = request.headers.get(LOCALE_HEADER) ?? readCookie(request.headers.get('cookie'), LOCALE_COOKIE);
  return candidate && LOCALE_PATTERN.test(candidate) ? candidate : 'it-IT';
}

/** A refusal for a subresource: its status and a line of plain text, never cached. */
export function subresourceRefusal(request: Request, status: number, text: string, extra: Record<string, string> = {}): Response {
  const headers = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extra };
  return new Response(request.method === 'HEAD' ? null : text, { status, headers });
}
