import type { ApiError } from '../../core/contracts/common.ts';
import { shouldRetry } from '../../core/retry-policy.ts';

export type { ApiError };

export class ApiRequestError extends Error implements ApiError {
  readonly statusCode: number;
  readonly statusMessage: string;
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

export interface ApiClient {
  request<T>(method: string, path: string, options?: { body?: unknown; query?: Record<string, string> }): Promise<T>;
  get<T>(path: string, query?: Record<string, string>): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
}

/** Calls the platform API with the site and locale headers, unwrapping `{ outcome }`. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  async function request<T>(method: string, path: string, { body, query }: { body?: unknown; query?: Record<string, string> } = {}): Promise<T> {
    const url = `${options.baseUrl ?? ''}${path}${query ? `?${new URLSearchParams(query)}` : ''}`;
    const headers: Record<string, string> = {
      'tiles-site-id': options.siteId(),
      'tiles-locale-code': options.localeCode(),
      accept: 'application/json',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    for (let attempt = 0; ; attempt++) {
      const response = await doFetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
      });
      if (!response.ok && shouldRetry(method, response.status, attempt)) continue;
      const payload: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        const error = isApiError(payload)
          ? payload
          : { statusCode: response.status, statusMessage: response.statusText, message: `${method} ${path} failed with ${response.status}` };
        throw new ApiRequestError(error, path, payload, response.headers);
      }
      return (payload as { outcome: T }).outcome;
    }
  }
  return {
    request,
    get: (path, query) => request('GET', path, { query }),
    post: (path, body) => request('POST', path, { body }),
    put: (path, body) => request('PUT', path, { body }),
  };
}

function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && typeof (value as ApiError).statusCode === 'number' && typeof (value as ApiError).message === 'string';
}
