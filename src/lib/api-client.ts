import type { z } from 'zod';
// The route table's type only: its zod schemas never reach a browser chunk.
import type { ApiRoutes, Method } from '../../core/api-routes.ts';
import type { ApiError } from '../../core/contracts/common.ts';
import { shouldRetry } from '../../core/retry-policy.ts';
import { apiPathOf, type AnyOptions } from './api-url.ts';

export type { ApiError };

// ---- Types derived from the route table (core/api-routes.ts, its type only: no zod in the browser) ----

type Contract = ApiRoutes[keyof ApiRoutes];
/** The browser's calls: the build worker's hidden ones are not offered. */
type BrowserContract = Exclude<Contract, { guard: string }>;
export type FileContract = Extract<BrowserContract, { response: z.ZodType<Response> }>;
export type JsonContract = Exclude<BrowserContract, FileContract>;

/** The contract at a method and path. */
type RouteAt<M extends Method, P extends string> = Extract<JsonContract, { method: M; path: P }>;
/** The paths answering JSON to a method. */
export type ApiPath<M extends Method> = Extract<JsonContract, { method: M }>['path'];
/** The paths answering a file (a download link's target). */
export type ApiFilePath = FileContract['path'];

/** `:name` parameters of a path, by name. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
type ParamOption<P extends string> = [ParamNames<P>] extends [never] ? unknown : { param: Record<ParamNames<P>, string | number> };

type RequestOf<C> = C extends { request: infer R } ? R : unknown;
type QueryOption<C> =
  RequestOf<C> extends { query: infer Q extends z.ZodType }
    ? Record<never, never> extends z.input<Q>
      ? { query?: z.input<Q> }
      : { query: z.input<Q> }
    : unknown;
type JsonOf<J> = J extends z.ZodType ? z.input<J> : J extends (param: never) => infer S ? (S extends z.ZodType ? z.input<S> : never) : never;
type JsonOption<C> = RequestOf<C> extends { json: infer J } ? { json: JsonOf<J> } : unknown;
/** A call that takes bytes (a file's part) sends a Blob: the browser states its length. */
type BytesOption<C> = RequestOf<C> extends { bytes: z.ZodType } ? { bytes: Blob } : unknown;

/** What a call sends: its path parameters, query and JSON body or bytes, each only where the contract has one. */
export type ApiOptions<C extends Contract> = ParamOption<C['path']> & QueryOption<C> & JsonOption<C> & BytesOption<C>;
/** The JSON body a call sends, for what sends it without the client (the hit beacon). */
export type ApiJson<M extends Method, P extends ApiPath<M>> = JsonOf<NonNullable<RequestOf<RouteAt<M, P>>> extends { json: infer J } ? J : never>;
/** What a call answers: the response contract's output (inside `{ outcome }`). */
export type ApiAnswer<M extends Method, P extends string> = z.output<RouteAt<M, P>['response']>;

/** A link's address takes the path parameters and query only. */
type UrlOptions<C extends Contract> = ParamOption<C['path']> & QueryOption<C>;
export type UrlOptionsArgs<C extends Contract> = Record<never, never> extends UrlOptions<C> ? [options?: UrlOptions<C>] : [options: UrlOptions<C>];

/** Options may be left out only when the call sends nothing. */
type OptionsArgs<C extends Contract> = Record<never, never> extends ApiOptions<C> ? [options?: ApiOptions<C>] : [options: ApiOptions<C>];

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
