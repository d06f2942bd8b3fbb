import type { z } from 'zod';
import { API_PREFIX } from '../core/api-prefix.ts';
import type { Method, RequestContract, RouteContract } from '../core/api-routes.ts';
import type { ApiContext } from './api-context.ts';
import type { Env } from './env.ts';

export type { Method, RequestContract };

type Parsed<S> = S extends z.ZodType ? z.output<S> : S extends (param: never) => infer R ? (R extends z.ZodType ? z.output<R> : never) : never;

/** A handler's validated input: what the route's contract parsed. */
export type Input<R extends RequestContract> = {
  [K in keyof R]-?: Parsed<NonNullable<R[K]>>;
};

/** The handler a contract takes: its input parsed by the request contracts, its answer the response contract's. */
export type HandlerOf<C extends RouteContract> = (
  context: ApiContext,
  input: Input<C extends { request: infer R extends RequestContract } ? R : Record<never, never>>,
) => Promise<z.infer<C['response']>>;

/** A route as the app mounts it: the contract (path under `/api`) with its guard and handler. */
export interface Route {
  method: Method;
  /** Hono path syntax (`:name` parameters), `/api` included. */
  path: string;
  request: RequestContract;
  response: z.ZodType;
  auth?: RouteContract['auth'];
  enrolled?: RouteContract['enrolled'];
  /**
   * Whether the route exists for this caller, asked before anything else: when not, the answer is
   * the 404 of an unknown path, so a hidden route (the build worker's) cannot be told apart.
   */
  guard?: (request: Request, env: Env) => Promise<boolean>;
  handler: (context: ApiContext, input: Record<string, unknown>) => Promise<unknown>;
}

/** Binds a contract of core/api-routes.ts to its handler (and its guard, for a hidden route). */
export function bindRoute<C extends RouteContract>(contract: C, handler: HandlerOf<C>, guard?: Route['guard']): Route {
  return {
    method: contract.method,
    path: `${API_PREFIX}${contract.path}`,
    request: contract.request ?? {},
    response: contract.response,
    auth: contract.auth,
    enrolled: contract.enrolled,
    guard,
    handler: handler as Route['handler'],
  };
}
