import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../functions/app.ts';
import { call, EDITOR, LEARNER, outcome, seedFixtures, signIn, SITE } from './fixtures.ts';

beforeAll(seedFixtures);

const contractOf = (method: string, path: string) => {
  const route = ROUTES.find((candidate) => candidate.method === method && candidate.path === path);
  if (!route) throw new Error(`no route ${method} ${path}`);
  return route.response;
};

/**
 * The answers as they really are, read through their response contracts: a missing or mistyped
 * field fails the parse, and an undeclared one is stripped by it, so the parsed answer differs.
 */
describe('answers match their contracts exactly', () => {
  const cases: [string, string, string, 'learner' | 'editor' | null, unknown?][] = [
    ['GET', '/api/site/sites/:siteId', `/api/site/sites/${SITE}`, null],
    ['GET', '/api/i18n/locales', '/api/i18n/locales?lc=it-IT,en-US', null],
    ['GET', '/api/i18n/boilerplate/', '/api/i18n/boilerplate/', null],
    ['GET', '/api/content/tag', '/api/content/tag?type=category', null],
    ['GET', '/api/auth/challenge', '/api/auth/challenge', null],
    ['GET', '/api/auth/user', '/api/auth/user', 'learner'],
    ['PUT', '/api/auth/user', '/api/auth/user', 'learner', { phone: '+390600000000' }],
    ['GET', '/api/role/:roleId', '/api/role/admin', 'learner'],
    ['GET', '/api/lms/game/progress', '/api/lms/game/progress', 'learner'],
    ['GET', '/api/lms/game/badge', '/api/lms/game/badge', 'learner'],
    ['GET', '/api/lms/game/level', '/api/lms/game/level', 'learner'],
    ['GET', '/api/stats', '/api/stats', 'learner'],
    ['GET', '/api/lms/course/:courseId', '/api/lms/course/triage', 'learner'],
    ['GET', '/api/lms/course/:courseId/session/:module/:session', '/api/lms/course/triage/session/1/2', 'learner'],
    ['POST', '/api/lms/course/:courseId/session/:module/:session/complete', '/api/lms/course/triage/session/1/1/complete', 'learner'],
    ['GET', '/api/lms/courses/mine', '/api/lms/courses/mine', 'learner'],
    ['POST', '/api/event', '/api/event', 'editor', { action: 'cms', variant: 'mode', scope: 'admin' }],
    ['POST', '/api/event/hit', '/api/event/hit', null, { identity: 'identity-contract', subject: { id: '/it-IT' } }],
    [
      'PUT',
      '/api/cms/documents/:kind/:locale/:key',
      '/api/cms/documents/content/it-IT/privacy',
      'editor',
      { title: 'Privacy', description: '', body: [{ type: 'p', text: 'Testo.' }] },
    ],
    ['GET', '/api/cms/documents/:kind/:locale/:key', '/api/cms/documents/content/it-IT/privacy', 'editor'],
    ['GET', '/api/cms/drafts', '/api/cms/drafts', 'editor'],
    ['POST', '/api/cms/publish', '/api/cms/publish', 'editor'],
    ['GET', '/api/cms/builds', '/api/cms/builds', 'editor'],
    ['GET', '/api/cms/support', '/api/cms/support', 'editor'],
    ['POST', '/api/auth/logout', '/api/auth/logout', null],
  ];

  for (const [method, route, path, caller, body] of cases) {
    it(`${method} ${route}`, async () => {
      const cookie = caller ? await signIn(caller === 'editor' ? EDITOR : LEARNER) : undefined;
      const response = await call(path, { method, cookie, body });
      expect(response.status, await response.clone().text()).toBe(200);
      const answer = await outcome<unknown>(response);
      expect(contractOf(method, route).parse(answer)).toEqual(answer);
    });
  }
});
