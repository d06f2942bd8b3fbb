import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import type { z } from 'zod';
import { createApiContext, type ApiContext } from './api-context.ts';
import type { Env } from './env.ts';
import { HttpError } from './http-error.ts';
import { errorResponse, outcomeResponse } from './json-response.ts';
import { message } from './messages.ts';
import { limitBody, requireJson } from './middleware/json-body.ts';
import { byteBody, drainRefusedBody } from './middleware/byte-body.ts';
import { sameOrigin, sameOriginBytes } from './middleware/same-origin.ts';
import { apiSecureHeaders } from './middleware/secure-headers.ts';
import { LOG_USER_HEADER } from './request-log.ts';
import { requestLanguage } from './request-language.ts';
import { requireCourseEntry } from './course-access/entry.ts';
import type { Route } from './route.ts';
import { ROUTES } from './routes.ts';
import { validated } from './validate.ts';

export { ROUTES };

export interface AppEnv {
  Bindings: Env;
  Variables: { api: ApiContext; bytes?: unknown };
}

/** The request's session, site and locale helpers, for the route's guard, validators and handler. */
const apiContext = createMiddleware<AppEnv>(async (c, next) => {
  c.set('api', createApiContext(c.req.raw, c.env));
  await next();
});

/** A hidden route answers exactly as an unknown path does until its guard lets the caller in. */
const hiddenBy = (guard: NonNullable<Route['guard']>) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!(await guard(c.req.raw, c.env))) return c.notFound();
    await next();
  });

/** The route's `auth`: the session or the permission its handler relies on, before any input is read. */
const authorized = (auth: NonNullable<Route['auth']>) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const api = c.get('api');
    await (auth === 'session' ? api.requireSession() : api.requirePermission(auth));
    await next();
  });

/** The route's `enrolled`: the course of the path must let the caller in, before any other input is read. */
const courseGate = createMiddleware<AppEnv>(async (c, next) => {
  const { courseId } = c.req.valid('param' as never) as { courseId: string };
  await requireCourseEntry(c.get('api'), courseId);
  await next();
});

/** A body schema chosen by the validated path parameters (a CMS document's kind). */
const jsonChosenBy = (choose: (param: never) => z.ZodType) =>
  createMiddleware<AppEnv>(async (c, next) => validated('json', choose(c.req.valid('param' as never) as never))(c, next));

/** Hono's name for every method, `app.all`'s. */
const ANY_METHOD = 'ALL';

const pathOf = (c: Context) => new URL(c.req.url).pathname;

const cookieHeaders = (api: ApiContext | undefined) => {
  const headers = new Headers();
  for (const cookie of api?.cookies ?? []) headers.append('set-cookie', cookie);
  return headers;
};

function chain(route: Route): MiddlewareHandler<AppEnv>[] {
  const { param, query, json, jsonBytes, bytes } = route.request;
  return [
    ...(route.guard ? [hiddenBy(route.guard)] : []),
    ...(bytes ? [drainRefusedBody, sameOriginBytes] : [sameOrigin]),
    apiContext,
    ...(route.auth ? [authorized(route.auth)] : []),
    // A call that takes more than the usual 64 KiB (a SCORM commit) reads its body only once its
    // path is valid and the course lets the caller in.
    ...(json && !jsonBytes ? [limitBody(), requireJson] : []),
    ...(param ? [validated('param', param)] : []),
    ...(route.enrolled ? [courseGate] : []),
    ...(json && jsonBytes ? [limitBody(jsonBytes), requireJson] : []),
    ...(query ? [validated('query', query)] : []),
    ...(json ? [typeof json === 'function' ? jsonChosenBy(json) : validated('json', json)] : []),
    ...(bytes ? [byteBody(bytes)] : []),
    async (c) => {
      const api = c.get('api');
      const input = {
        param: c.req.valid('param' as never),
        query: c.req.valid('query' as never),
        json: c.req.valid('json' as never),
        bytes: c.get('bytes'),
      };
      const outcome = await route.handler(api, input);
      // Files (a certificate's PDF, a report) are answers of their own, not `{ outcome }`.
      if (outcome instanceof Response) {
        for (const cookie of api.cookies) outcome.headers.append('set-cookie', cookie);
        return outcome;
      }
      return outcomeResponse(outcome, { headers: cookieHeaders(api) });
    },
  ];
}

/**
 * The platform API on Hono: every route of `ROUTES` with its contracts, behind the origin check,
 * the body limit and the pages' security headers. Answers are `{ outcome }`, refusals
 * `{ statusCode, statusMessage, message }` in the caller's language; a known path asked with
 * another method is a 405. `scriptHashes` are the CSP hashes the pages' policy allows.
 */
export function createApiApp(options: { scriptHashes?: readonly string[] } = {}): ApiApp {
  const app = new Hono<AppEnv>();
  app.use('*', apiSecureHeaders(options.scriptHashes ?? []));
  // Whoever the route found signed in, for the Worker's log line (src/worker.ts removes the header).
  app.use('*', async (c, next) => {
    await next();
    const user = (c.var as Partial<AppEnv['Variables']>).api?.loggedUser();
    if (user) c.res.headers.set(LOG_USER_HEADER, user);
  });
  for (const route of ROUTES) app.on(route.method, [route.path], ...chain(route));
  // After every route: reached only when no route of the path takes the method. A path only
  // hidden routes answer stays hidden here too.
  for (const path of new Set(ROUTES.map((route) => route.path))) {
    const routes = ROUTES.filter((route) => route.path === path);
    const hidden = routes.every((route) => route.guard) ? routes.map((route) => hiddenBy(route.guard as NonNullable<Route['guard']>)) : [];
    const refuse: MiddlewareHandler<AppEnv> = (c) => {
      throw new HttpError(405, message('methodNotAllowed', requestLanguage(c), { method: c.req.method, path: pathOf(c) }));
    };
    app.on(ANY_METHOD, [path], ...hidden, refuse);
  }
  app.notFound((c) => errorResponse(new HttpError(404, message('notFound', requestLanguage(c), { path: pathOf(c) }))));
  app.onError((error, c) => {
    const headers = cookieHeaders((c.var as Partial<AppEnv['Variables']>).api);
    if (error instanceof HttpError) return errorResponse(error, headers);
    const language = requestLanguage(c);
    // Hono's own refusals (body limit, the validator's JSON parse): our middleware answers both
    // first, in the caller's language; this is the net if one ever gets through.
    if (error instanceof HTTPException && (error.status === 413 || error.status === 400)) {
      return errorResponse(new HttpError(error.status, message(error.status === 413 ? 'bodyTooLarge' : 'invalidJson', language)), headers);
    }
    console.error('API error', c.req.method, pathOf(c), error);
    return errorResponse(new HttpError(500, message('internal', language)), headers);
  });
  return {
    // HEAD runs as GET and keeps the body (Hono would drop it): the HTTP server drops it on the
    // wire, and a caller that is not one (the API tests) sees the same JSON a GET gets.
    fetch: async (request, env, ctx) => app.fetch(request.method === 'HEAD' ? new Request(request, { method: 'GET' }) : request, env, ctx),
  };
}

export interface ApiApp {
  fetch(request: Request, env: Env, ctx?: ExecutionContext): Promise<Response>;
}

let api: ApiApp | null = null;

/** The API as a fetch handler (the API tests' Worker; the site mounts its own app with the CSP hashes), made at its first call. */
export function handleApi(request: Request, env: Env, ctx?: ExecutionContext): Promise<Response> {
  api ??= createApiApp();
  return api.fetch(request, env, ctx);
}
