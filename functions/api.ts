import { createApiContext, type ApiContext } from './api-context.ts';
import type { Env } from './env.ts';
import { getChallenge, getUser, login, logout, logoutAll, putUser } from './handlers/auth.ts';
import { claimBuild, finishBuild } from './handlers/build-worker.ts';
import { deleteDraft, getBuild, getBuilds, getDocument, getDrafts, publish, putDocument, revertVersion } from './handlers/cms.ts';
import { postEvent, postHit } from './handlers/event.ts';
import { federatedLogin } from './handlers/federated.ts';
import { getBadges, getLevels, getProgress } from './handlers/game.ts';
import { ECM_ROUTES } from './handlers/ecm-routes.ts';
import { getCourse, getMyCourses, getSession, postSessionComplete } from './handlers/lms.ts';
import { getRole } from './handlers/role.ts';
import { getBoilerplate, getLocales, getSite, getTags } from './handlers/site.ts';
import { getStats } from './handlers/stats.ts';
import { getSupportRequests, postSupportRequest } from './handlers/support.ts';
import { HttpError } from './http-error.ts';
import { errorResponse, outcomeResponse } from './json-response.ts';
import { languageOf, message } from './messages.ts';
import { hasNonJsonBody, isCrossSite } from './request-origin.ts';

type Handler = (context: ApiContext) => Promise<unknown>;

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  pattern: URLPattern;
  handler: Handler;
}

const route = (method: Route['method'], pathname: string, handler: Handler): Route => ({
  method,
  pattern: new URLPattern({ pathname }),
  handler,
});

/** The platform API of SPEC section 7. */
export const ROUTES: Route[] = [
  route('POST', '/api/auth/login', login),
  route('POST', '/api/auth/federated/login', federatedLogin),
  route('POST', '/api/auth/logout', logout),
  route('POST', '/api/auth/logout-all', logoutAll),
  route('GET', '/api/auth/challenge', getChallenge),
  route('GET', '/api/auth/user', getUser),
  route('PUT', '/api/auth/user', putUser),
  route('GET', '/api/role/:roleId', getRole),
  route('POST', '/api/event', postEvent),
  route('POST', '/api/event/hit', postHit),
  route('GET', '/api/lms/game/progress', getProgress),
  route('GET', '/api/lms/game/badge', getBadges),
  route('GET', '/api/lms/game/level', getLevels),
  route('GET', '/api/stats', getStats),
  // Course content and progress: calls the spec leaves out, in the same style.
  route('GET', '/api/lms/courses/mine', getMyCourses),
  route('GET', '/api/lms/course/:courseId', getCourse),
  route('GET', '/api/lms/course/:courseId/session/:module/:session', getSession),
  route('POST', '/api/lms/course/:courseId/session/:module/:session/complete', postSessionComplete),
  // CMS mode: editors' drafts, versions and publishing.
  route('GET', '/api/cms/documents/:kind/:locale/:key', getDocument),
  route('PUT', '/api/cms/documents/:kind/:locale/:key', putDocument),
  route('DELETE', '/api/cms/documents/:kind/:locale/:key', deleteDraft),
  route('GET', '/api/cms/drafts', getDrafts),
  route('POST', '/api/cms/versions/:id/revert', revertVersion),
  route('POST', '/api/cms/publish', publish),
  route('GET', '/api/cms/builds', getBuilds),
  route('GET', '/api/cms/support', getSupportRequests),
  route('GET', '/api/cms/builds/:id', getBuild),
  route('POST', '/api/cms/builds/claim', claimBuild),
  route('POST', '/api/cms/builds/:id/finish', finishBuild),
  route('POST', '/api/support', postSupportRequest),
  route('GET', '/api/site/sites/:siteId', getSite),
  route('GET', '/api/i18n/locales', getLocales),
  route('GET', '/api/i18n/boilerplate{/}?', getBoilerplate),
  route('GET', '/api/content/tag', getTags),
  ...ECM_ROUTES.map(([method, pathname, handler]) => route(method, pathname, handler)),
];

export async function handleApi(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  const language = languageOf(request.headers.get('tiles-locale-code'));
  let context: ApiContext | undefined;
  try {
    const matches = ROUTES.map((candidate) => ({ candidate, match: candidate.pattern.exec({ pathname: url.pathname }) })).filter(
      (entry) => entry.match !== null,
    );
    if (matches.length === 0) throw new HttpError(404, message('notFound', language, { path: url.pathname }));
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const found = matches.find((entry) => entry.candidate.method === method);
    if (!found) {
      throw new HttpError(405, message('methodNotAllowed', language, { method: request.method, path: url.pathname }));
    }
    if (isCrossSite(request, url)) throw new HttpError(403, message('crossSite', language));
    if (hasNonJsonBody(request)) throw new HttpError(415, message('unsupportedMediaType', language));
    const params = Object.fromEntries(
      Object.entries(found.match?.pathname.groups ?? {}).map(([key, value]) => [key, decodeURIComponent(value ?? '')]),
    );
    context = createApiContext(request, env, params);
    const outcome = await found.candidate.handler(context);
    const headers = new Headers(outcome instanceof Response ? outcome.headers : undefined);
    for (const cookie of context.cookies) headers.append('set-cookie', cookie);
    // Files (a PDF, a report) come as a Response of their own.
    if (outcome instanceof Response) return new Response(outcome.body, { status: outcome.status, headers });
    return outcomeResponse(outcome, { headers });
  } catch (error) {
    const headers = new Headers();
    for (const cookie of context?.cookies ?? []) headers.append('set-cookie', cookie);
    if (error instanceof HttpError) return errorResponse(error, headers);
    if (error instanceof URIError) return errorResponse(new HttpError(400, message('notFound', language, { path: url.pathname })), headers);
    console.error('API error', request.method, url.pathname, error);
    return errorResponse(new HttpError(500, message('internal', language)), headers);
  }
}
