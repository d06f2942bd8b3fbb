import type { z } from 'zod';
import type { Permission } from '../core/permissions.ts';
import type { ApiContext } from './api-context.ts';
import type { Env } from './env.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What a route reads, each part a contract from core/contracts. */
export interface RequestContract {
  param?: z.ZodType;
  query?: z.ZodType;
  /** The body's schema, or one chosen by the validated path parameters (a CMS document's kind). */
  json?: z.ZodType | ((param: never) => z.ZodType);
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : S extends (param: never) => infer R ? (R extends z.ZodType ? z.output<R> : never) : never;

/** A handler's validated input: what the route's contract parsed. */
export type Input<R extends RequestContract> = {
  [K in keyof R]-?: Parsed<NonNullable<R[K]>>;
};

export interface Route {
  method: Method;
  /** Hono path syntax (`:name` parameters). */
  path: string;
  request: RequestContract;
  response: z.ZodType;
  /**
   * Who may call: a signed-in user ('session', else 401) or one whose role grants the permission
   * (else 401 or 403). Checked before the input is validated, so a visitor learns nothing more.
   */
  auth?: 'session' | Permission;
  /**
   * Whether the route exists for this caller, asked before anything else: when not, the answer is
   * the 404 of an unknown path, so a hidden route (the build worker's) cannot be told apart.
   */
  guard?: (request: Request, env: Env) => Promise<boolean>;
  handler: (context: ApiContext, input: Record<string, unknown>) => Promise<unknown>;
}

/**
 * One API route: method, path, the request and response contracts, and the handler, whose input
 * and answer are typed by the contracts (the answer as `z.infer` of the response schema).
 */
export function route<R extends RequestContract, O extends z.ZodType>(
  method: Method,
  path: string,
  contract: { request?: R; response: O; auth?: Route['auth']; guard?: Route['guard'] },
  handler: (context: ApiContext, input: Input<R>) => Promise<z.infer<O>>,
): Route {
  return {
    method,
    path,
    request: contract.request ?? {},
    response: contract.response,
    auth: contract.auth,
    guard: contract.guard,
    handler: handler as Route['handler'],
  };
}
