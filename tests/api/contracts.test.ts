import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../functions/app.ts';
import { completeCourse, correctAnswers, ecmUser, FIXED_COURSE, seedEcm, VALID_CF } from './ecm/ecm-fixtures.ts';
import { call, EDITOR, LEARNER, outcome, seedFixtures, signIn, SITE } from './fixtures.ts';
import { personById, seedPeople, STAFF } from './people/people-fixtures.ts';
import { studySession } from './study.ts';

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
  // The learner completes triage 1/1 below: an ECM session, which counts after its time was spent on it.
  beforeAll(() => studySession(LEARNER.id, 'triage', 1, 1));
  const cases: [string, string, string, 'learner' | 'editor' | null, unknown?][] = [
    ['GET', '/api/site/sites/:siteId', `/api/site/sites/${SITE}`, null],
    ['GET', '/api/i18n/locales', '/api/i18n/locales?lc=it-IT,en-US', null],
    ['GET', '/api/i18n/boilerplate/', '/api/i18n/boilerplate/', null],
    ['GET', '/api/content/tag', '/api/content/tag?type=category', null],
    ['GET', '/api/auth/challenge', '/api/auth/challenge', null],
    ['GET', '/api/auth/user', '/api/auth/user', 'learner'],
    ['PUT', '/api/auth/user', '/api/auth/user', 'learner', { phone: '+390600000000' }],
    ['POST', '/api/auth/password/forgot', '/api/auth/password/forgot', null, { identifier: 'nessuno@example.it' }],
    ['GET', '/api/role/:roleId', '/api/role/learner', 'learner'],
    ['GET', '/api/lms/game/progress', '/api/lms/game/progress', 'learner'],
    ['GET', '/api/lms/game/badge', '/api/lms/game/badge', 'learner'],
    ['GET', '/api/lms/game/level', '/api/lms/game/level', 'learner'],
    ['GET', '/api/stats', '/api/stats', 'learner'],
    ['GET', '/api/lms/course/:courseId', '/api/lms/course/triage', 'learner'],
    ['GET', '/api/lms/course/:courseId/session/:module/:session', '/api/lms/course/triage/session/1/2', 'learner'],
    ['POST', '/api/lms/course/:courseId/session/:module/:session/complete', '/api/lms/course/triage/session/1/1/complete', 'learner', {}],
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

describe('the ECM answers match their contracts exactly', () => {
  beforeAll(seedEcm);

  it("along a learner's journey: status, assessment, saved answers, result, review, questionnaire, registry fields, certificate", async () => {
    const user = ecmUser(1);
    await completeCourse(user.id, FIXED_COURSE);
    const cookie = await signIn(user);
    const course = `/api/lms/course/${FIXED_COURSE}`;
    async function read<T>(method: string, route: string, path: string, body?: unknown): Promise<T> {
      const response = await call(path, { method, cookie, body });
      expect(response.status, await response.clone().text()).toBe(200);
      const answer = await outcome<T>(response);
      expect(contractOf(method, route).parse(answer), `${method} ${route}`).toEqual(answer);
      return answer;
    }
    expect((await read<{ step: string }>('GET', '/api/lms/course/:courseId/ecm', `${course}/ecm`)).step).toBe('assessment');
    const attempt = await read<{ attemptId: string }>('GET', '/api/lms/course/:courseId/assessment', `${course}/assessment`);
    const answers = await correctAnswers(attempt.attemptId);
    await read('PUT', '/api/lms/course/:courseId/assessment/:attemptId', `${course}/assessment/${attempt.attemptId}`, { answers });
    expect(
      (
        await read<{ passed: boolean }>('POST', '/api/lms/course/:courseId/assessment/:attemptId/submit', `${course}/assessment/${attempt.attemptId}/submit`, {
          answers,
        })
      ).passed,
    ).toBe(true);
    await read('GET', '/api/lms/course/:courseId/assessment/review', `${course}/assessment/review`);
    await read('GET', '/api/lms/course/:courseId/satisfaction', `${course}/satisfaction`);
    await read('PUT', '/api/lms/ecm/profile', '/api/lms/ecm/profile', { fiscalCode: VALID_CF, professionId: '01', disciplineId: '003', employment: 'D' });
    await read('GET', '/api/lms/ecm/profile', '/api/lms/ecm/profile');
    const satisfaction = { relevance: 5, quality: 4, usefulness: 4, timeAdequacy: 3, commercialInfluence: 4, comment: 'Chiaro.' };
    const answered = await read<{ certificate: string | null }>('POST', '/api/lms/course/:courseId/satisfaction', `${course}/satisfaction`, satisfaction);
    expect(answered.certificate).toMatch(/\S/);
    await read('POST', '/api/lms/course/:courseId/certificate', `${course}/certificate`);
    expect(await read<unknown[]>('GET', '/api/lms/certificates', '/api/lms/certificates')).toHaveLength(1);
    expect((await read<{ step: string }>('GET', '/api/lms/course/:courseId/ecm', `${course}/ecm`)).step).toBe('done');
  });
});

describe('the staff answers match their contracts exactly', () => {
  beforeAll(seedPeople);

  it('along a secretary’s day: the list, a person, their courses, a suspension, a course’s access, key, enrolments and learners, a deletion', async () => {
    const cookie = await signIn(STAFF);
    async function read<T>(method: string, route: string, path: string, body?: unknown, as = cookie): Promise<T> {
      const response = await call(path, { method, cookie: as, body });
      expect(response.status, await response.clone().text()).toBe(200);
      const answer = await outcome<T>(response);
      expect(contractOf(method, route).parse(answer), `${method} ${route}`).toEqual(answer);
      return answer;
    }
    expect((await read<{ total: number }>('GET', '/api/staff/people', '/api/staff/people?q=anna&status=active')).total).toBe(1);
    await read('GET', '/api/staff/people/:userId', '/api/staff/people/u-pp-anna');
    await read('POST', '/api/staff/people/:userId/suspend', '/api/staff/people/u-pp-greta/suspend');
    await read('POST', '/api/staff/people/:userId/reactivate', '/api/staff/people/u-pp-greta/reactivate');
    await read('GET', '/api/staff/courses', '/api/staff/courses');
    await read('PUT', '/api/staff/courses/:courseId/access', '/api/staff/courses/triage/access', { mode: 'enrolment' });
    const { key } = await read<{ key: string }>('POST', '/api/staff/courses/:courseId/key', '/api/staff/courses/triage/key');
    await read('GET', '/api/staff/courses/:courseId/access', '/api/staff/courses/triage/access');
    await read('PUT', '/api/staff/courses/:courseId/enrolments/:userId', '/api/staff/courses/triage/enrolments/u-pp-anna');
    await read('POST', '/api/lms/course/:courseId/enrolment', '/api/lms/course/triage/enrolment', { key }, await signIn(personById('u-pp-luca')));
    await studySession('u-pp-anna', 'triage', 1, 1);
    await read(
      'POST',
      '/api/lms/course/:courseId/session/:module/:session/complete',
      '/api/lms/course/triage/session/1/1/complete',
      {},
      await signIn(personById('u-pp-anna')),
    );
    const { learners } = await read<{ learners: { code: string }[] }>('GET', '/api/staff/courses/:courseId/learners', '/api/staff/courses/triage/learners');
    expect(learners.map((row) => row.code)).toEqual(expect.arrayContaining(['anna.ferrari', 'luca.ferraris']));
    expect(await read<unknown[]>('GET', '/api/staff/people/:userId/courses', '/api/staff/people/u-pp-anna/courses')).toHaveLength(1);
    await read('DELETE', '/api/staff/courses/:courseId/key', '/api/staff/courses/triage/key');
    await read('DELETE', '/api/staff/courses/:courseId/enrolments/:userId', '/api/staff/courses/triage/enrolments/u-pp-anna');
    await read('PUT', '/api/staff/courses/:courseId/access', '/api/staff/courses/triage/access', { mode: 'open' });
    await read('DELETE', '/api/staff/people/:userId', '/api/staff/people/u-pp-marta');
  });
});
