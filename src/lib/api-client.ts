import type { Method } from '../../core/api-routes.ts';
import type { ApiError } from '../../core/contracts/common.ts';
import { shouldRetry } from '../../core/retry-policy.ts';
import { apiPathOf, type AnyOptions } from './api-url.ts';
import type { ApiAnswer, ApiPath, OptionsArgs, RouteAt } from './api-types.ts';

export type { ApiError };
export type { ApiAnswer, ApiFilePath, ApiJson, ApiOptions, ApiPath, FileContract, JsonContract, UrlOptionsArgs } from './api-types.ts';

// ---- The client ----

export class ApiRequestError extends Error implements ApiError {
  readonly statusCode: number;
  readonly statusMessage: string;
  /** The URL path called, `/api` included. */
  readonly path: string;
  readonly body: unknown;
  /** The answer's headers, e.g. Retry-After or the bot-check signal. */
  readonly headers: Headers;

  constructor(error: ApiError, path: string, body: unknown, headers: Headers = new Headers()) {
    super(error.message);
    this.name = 'ApiRequestError';
    this.statusCode = error.statusCode;
    this.statusMessage = error.statusMessage;
    this.path = path;
    this.body = body;
    this.headers = headers;
  }
}

export interface ApiClientOptions {
  /** Read on every call: the site id changes from 'not-set' once the site has loaded. */
  siteId: () => string;
  localeCode: () => string;
  fetch?: typeof fetch;
  baseUrl?: string;
}

/**
 * The platform API, typed by the route table: `api.get('/lms/course/:courseId', { param: { courseId } })`
 * answers the route's response contract; a path, parameter, query or body the table does not
 * have is a compile error.
 */
export interface ApiClient {
  get<P extends ApiPath<'GET'>>(path: P, ...options: OptionsArgs<RouteAt<'GET', P>>): Promise<ApiAnswer<'GET', P>>;
  post<P extends ApiPath<'POST'>>(path: P, ...options: OptionsArgs<RouteAt<'POST', P>>): Promise<ApiAnswer<'POST', P>>;
  put<P extends ApiPath<'PUT'>>(path: P, ...options: OptionsArgs<RouteAt<'PUT', P>>): Promise<ApiAnswer<'PUT', P>>;
  delete<P extends ApiPath<'DELETE'>>(path: P, ...options: OptionsArgs<RouteAt<'DELETE', P>>): Promise<ApiAnswer<'DELETE', P>>;
}

/** Calls the platform API with the site and locale headers, unwrapping `{ outcome }`. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  async function request(method: Method, path: string, call: AnyOptions = {}): Promise<unknown> {
    const target = apiPathOf(path, call);
    const url = `${options.baseUrl ?? ''}${target}`;
    const { json, bytes } = call;
    const headers: Record<string, string> = {
      ...call.headers,
      'tiles-site-id': options.siteId(),
      'tiles-locale-code': options.localeCode(),
      accept: 'application/json',
    };
    if (json !== undefined) headers['content-type'] = 'application/json';
    if (bytes !== undefined) headers['content-type'] = 'application/octet-stream';
    for (let attempt = 0; ; attempt++) {
      const response = await doFetch(url, {
        method,
        headers,
        body: bytes ?? (json === undefined ? undefined : JSON.stringify(json)),
        credentials: 'same-origin',
      });
      if (!response.ok && shouldRetry(method, response.status, attempt)) continue;
      const payload: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        const error = isApiError(payload)
          ? payload
          : { statusCode: response.status, statusMessage: response.statusText, message: `${method} ${target} failed with ${response.status}` };
        throw new ApiRequestError(error, target, payload, response.headers);
      }
      return (payload as { outcome: unknown }).outcome;
    }
  }
  // The overloads' types are the table's; one untyped request serves them all.
  const call =
    (method: Method) =>
    (path: string, ...rest: unknown[]) =>
      request(method, path, rest[0] as AnyOptions | undefined);
  return { get: call('GET'), post: call('POST'), put: call('PUT'), delete: call('DELETE') } as ApiClient;
}

function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && typeof (value as ApiError).statusCode === 'number' && typeof (value as ApiError).message === 'string';
}
