import { z } from 'zod';
import { DOCUMENT_FIELDS } from '../core/cms-document.ts';
import {
  buildParams,
  buildRequest,
  claimedBuild,
  contentSnapshot,
  documentParams,
  draft,
  draftsQuery,
  editorView,
  finishBuildRequest,
  finishedBuild,
  publishOutcome,
  versionParams,
} from '../core/contracts/cms.ts';
import { createdRecord } from '../core/contracts/common.ts';
import { eventRequest, hitReceipt, hitRequest, hitWriterStatus } from '../core/contracts/event.ts';
import { badge, level, progress } from '../core/contracts/game.ts';
import {
  completion,
  courseDetail,
  courseParams,
  courseProgress,
  myCourses,
  positionRequest,
  progressQuery,
  savedPosition,
  sessionDetail,
  sessionParams,
} from '../core/contracts/lms.ts';
import { role, roleParams } from '../core/contracts/role.ts';
import { boilerplateEntry, categoryTag, locale, localesQuery, site, siteParams, tagQuery } from '../core/contracts/site.ts';
import { statsOutcome } from '../core/contracts/stats.ts';
import { createdSupportRequest, supportRequest, supportRequestBody } from '../core/contracts/support.ts';
import {
  botChallenge,
  federatedLoginOutcome,
  federatedLoginRequest,
  loginRequest,
  logoutAllOutcome,
  logoutOutcome,
  user,
  userUpdateRequest,
} from '../core/contracts/user.ts';
import { getChallenge, getUser, login, logout, logoutAll, putUser } from './auth/handlers.ts';
import { claimBuild, finishBuild, getSnapshot, isBuildWorker } from './cms/build-worker-handlers.ts';
import { deleteDraft, getBuild, getBuilds, getDocument, getDrafts, publish, putDocument, revertVersion } from './cms/handlers.ts';
import { postEvent } from './events/handlers.ts';
import { getHitWriter, postHit } from './hits/handlers.ts';
import { federatedLogin } from './auth/federated-handlers.ts';
import { getBadges, getLevels, getProgress } from './lms/game-handlers.ts';
import { getCourse, getCourseProgress, getMyCourses, getSession, postSessionComplete, putSessionPosition } from './lms/handlers.ts';
import { getRole } from './auth/role-handlers.ts';
import { getBoilerplate, getLocales, getSite, getTags } from './site/handlers.ts';
import { getStats } from './hits/stats-handlers.ts';
import { getSupportRequests, postSupportRequest } from './support/handlers.ts';
import { ECM_ROUTES } from './ecm/routes.ts';
import { route, type Route } from './route.ts';

/** The platform API (docs/PRODUCT.md), and the calls beyond it, in the same style. */
export const ROUTES: Route[] = [
  route('POST', '/api/auth/login', { request: { json: loginRequest }, response: user }, login),
  route('POST', '/api/auth/federated/login', { request: { json: federatedLoginRequest }, response: federatedLoginOutcome }, federatedLogin),
  route('POST', '/api/auth/logout', { response: logoutOutcome }, logout),
  route('POST', '/api/auth/logout-all', { auth: 'session', response: logoutAllOutcome }, logoutAll),
  route('GET', '/api/auth/challenge', { response: botChallenge }, getChallenge),
  route('GET', '/api/auth/user', { auth: 'session', response: user }, getUser),
  route('PUT', '/api/auth/user', { auth: 'profile:write', request: { json: userUpdateRequest }, response: user }, putUser),
  route('GET', '/api/role/:roleId', { auth: 'session', request: { param: roleParams }, response: role }, getRole),
  route('POST', '/api/event', { auth: 'session', request: { json: eventRequest }, response: createdRecord }, postEvent),
  route('POST', '/api/event/hit', { request: { json: hitRequest }, response: hitReceipt }, postHit),
  // `npm start` waits until nothing is queued before it stops a Worker; the benchmark counts statements.
  route('GET', '/api/event/hit/writer', { guard: isBuildWorker, response: hitWriterStatus }, getHitWriter),
  route('GET', '/api/lms/game/progress', { auth: 'session', response: progress }, getProgress),
  route('GET', '/api/lms/game/badge', { auth: 'session', response: z.array(badge) }, getBadges),
  route('GET', '/api/lms/game/level', { auth: 'session', response: z.array(level) }, getLevels),
  route('GET', '/api/stats', { auth: 'session', response: statsOutcome }, getStats),
  // Course content and progress.
  route('GET', '/api/lms/courses/mine', { auth: 'session', response: myCourses }, getMyCourses),
  route('GET', '/api/lms/course/:courseId', { auth: 'course:read', request: { param: courseParams }, response: courseDetail }, getCourse),
  route(
    'GET',
    '/api/lms/course/:courseId/session/:module/:session',
    { auth: 'course:read', request: { param: sessionParams }, response: sessionDetail },
    getSession,
  ),
  route(
    'POST',
    '/api/lms/course/:courseId/session/:module/:session/complete',
    { auth: 'progress:write', request: { param: sessionParams }, response: completion },
    postSessionComplete,
  ),
  route(
    'PUT',
    '/api/lms/course/:courseId/session/:module/:session/position',
    { auth: 'progress:write', request: { param: sessionParams, json: positionRequest }, response: savedPosition },
    putSessionPosition,
  ),
  // Visitors get `signedIn: false`, not a 401: learning-path pages ask for everyone.
  route('GET', '/api/lms/courses/progress', { request: { query: progressQuery }, response: courseProgress }, getCourseProgress),
  // CMS mode: editors' drafts, versions and publishing.
  route('GET', '/api/cms/documents/:kind/:locale/:key', { auth: 'drafts:read', request: { param: documentParams }, response: editorView }, getDocument),
  route(
    'PUT',
    '/api/cms/documents/:kind/:locale/:key',
    {
      auth: 'content:edit',
      request: { param: documentParams, json: ({ kind }: z.output<typeof documentParams>) => DOCUMENT_FIELDS[kind] },
      response: editorView,
    },
    putDocument,
  ),
  route('DELETE', '/api/cms/documents/:kind/:locale/:key', { auth: 'content:edit', request: { param: documentParams }, response: editorView }, deleteDraft),
  route('GET', '/api/cms/drafts', { auth: 'drafts:read', request: { query: draftsQuery }, response: z.array(draft) }, getDrafts),
  route('POST', '/api/cms/versions/:id/revert', { auth: 'content:edit', request: { param: versionParams }, response: editorView }, revertVersion),
  route('POST', '/api/cms/publish', { auth: 'content:publish', response: publishOutcome }, publish),
  route('GET', '/api/cms/builds', { auth: 'content:publish', response: z.array(buildRequest) }, getBuilds),
  route('GET', '/api/cms/support', { auth: 'support:read', response: z.array(supportRequest) }, getSupportRequests),
  // Before `/api/cms/builds/:id`, which would otherwise take `snapshot` for an id.
  route('GET', '/api/cms/builds/snapshot', { guard: isBuildWorker, response: contentSnapshot }, getSnapshot),
  route('GET', '/api/cms/builds/:id', { auth: 'content:publish', request: { param: buildParams }, response: buildRequest }, getBuild),
  // The build worker's calls: without its token they do not exist (404 before anything is read).
  route('POST', '/api/cms/builds/claim', { guard: isBuildWorker, response: claimedBuild }, claimBuild),
  route(
    'POST',
    '/api/cms/builds/:id/finish',
    { guard: isBuildWorker, request: { param: buildParams, json: finishBuildRequest }, response: finishedBuild },
    finishBuild,
  ),
  route('POST', '/api/support', { request: { json: supportRequestBody }, response: createdSupportRequest }, postSupportRequest),
  route('GET', '/api/site/sites/:siteId', { request: { param: siteParams }, response: site }, getSite),
  route('GET', '/api/i18n/locales', { request: { query: localesQuery }, response: z.array(locale) }, getLocales),
  // The platform API calls it with a trailing slash; both spellings answer.
  route('GET', '/api/i18n/boilerplate', { response: z.array(boilerplateEntry) }, getBoilerplate),
  route('GET', '/api/i18n/boilerplate/', { response: z.array(boilerplateEntry) }, getBoilerplate),
  route('GET', '/api/content/tag', { request: { query: tagQuery }, response: z.array(categoryTag) }, getTags),
  ...ECM_ROUTES,
];
