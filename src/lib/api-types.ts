import type { z } from 'zod';
// The route table's type only: its zod schemas never reach a browser chunk.
import type { ApiRoutes, Method } from '../../core/api-routes.ts';

// The API's types, apart from the client (api-client.ts) and the addresses (api-url.ts), which both
// use them: neither imports the other for its types.

// ---- Types derived from the route table (core/api-routes.ts, its type only: no zod in the browser) ----

export type Contract = ApiRoutes[keyof ApiRoutes];
/** The browser's calls: the build worker's hidden ones are not offered. */
type BrowserContract = Exclude<Contract, { guard: string }>;
export type FileContract = Extract<BrowserContract, { response: z.ZodType<Response> }>;
export type JsonContract = Exclude<BrowserContract, FileContract>;

/** The contract at a method and path. */
export type RouteAt<M extends Method, P extends string> = Extract<JsonContract, { method: M; path: P }>;
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

/** Request headers a call may add, e.g. a CMS save's `if-match` (the client sets the site and locale ones). */
type HeadersOption = { headers?: Record<string, string> };

/** What a call sends: its path parameters, query and JSON body or bytes, each only where the contract has one. */
export type ApiOptions<C extends Contract> = ParamOption<C['path']> & QueryOption<C> & JsonOption<C> & BytesOption<C> & HeadersOption;
/** The JSON body a call sends, for what sends it without the client (the hit beacon). */
export type ApiJson<M extends Method, P extends ApiPath<M>> = JsonOf<NonNullable<RequestOf<RouteAt<M, P>>> extends { json: infer J } ? J : never>;
/** What a call answers: the response contract's output (inside `{ outcome }`). */
export type ApiAnswer<M extends Method, P extends string> = z.output<RouteAt<M, P>['response']>;

/** A link's address takes the path parameters and query only. */
type UrlOptions<C extends Contract> = ParamOption<C['path']> & QueryOption<C>;
export type UrlOptionsArgs<C extends Contract> = Record<never, never> extends UrlOptions<C> ? [options?: UrlOptions<C>] : [options: UrlOptions<C>];

/** Options may be left out only when the call sends nothing. */
export type OptionsArgs<C extends Contract> = Record<never, never> extends ApiOptions<C> ? [options?: ApiOptions<C>] : [options: ApiOptions<C>];
