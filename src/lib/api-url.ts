import { API_PREFIX } from '../../core/api-prefix.ts';
import type { Method } from '../../core/api-routes.ts';
import type { ApiFilePath, ApiPath, FileContract, JsonContract, UrlOptionsArgs } from './api-types.ts';

// Apart from the client, so that what only needs an address (the hit beacon on every public page)
// does not bring the client and its retry rules along.

export interface AnyOptions {
  param?: Record<string, string | number>;
  query?: Record<string, unknown>;
  json?: unknown;
  bytes?: Blob;
  /** Conditions of the request, e.g. a CMS save's `if-match`. */
  headers?: Record<string, string>;
}

/** The URL path of a call: `/api`, the path with its parameters filled in (encoded), and the query. */
export function apiPathOf(path: string, { param, query }: AnyOptions = {}): string {
  const filled = path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = param?.[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const entries = Object.entries(query ?? {}).filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined && entry[1] !== null);
  const search = entries.length ? `?${new URLSearchParams(entries.map(([name, value]) => [name, String(value)]))}` : '';
  return `${API_PREFIX}${filled}${search}`;
}

/**
 * The address of a file the API answers (a certificate's PDF, a participants report), for a
 * download link: `apiUrl('/lms/certificates/:code', { param: { code: `${code}.pdf` }, query: { locale } })`.
 */
export function apiUrl<P extends ApiFilePath>(path: P, ...options: UrlOptionsArgs<Extract<FileContract, { path: P }>>): string;
/** The address of a JSON call, for what cannot go through the client (a beacon, a widget's own fetch). */
export function apiUrl<P extends ApiPath<Method>>(path: P, ...options: UrlOptionsArgs<Extract<JsonContract, { path: P }>>): string;
export function apiUrl(path: string, options?: AnyOptions): string {
  return apiPathOf(path, options);
}

/** A certificate's PDF, in a language of the site (a download link cannot set the locale header). */
export function certificatePdfUrl(code: string, locale: string): string {
  return apiUrl('/lms/certificates/:code', { param: { code: `${code}.pdf` }, query: { locale } });
}
