import { env } from 'cloudflare:workers';
import type { D1Database } from '@cloudflare/workers-types';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Assessment, AssessmentResult } from '../../../core/contracts/ecm.ts';
import { API_ROUTES } from '../../../core/api-routes.ts';
import { ROUTES } from '../../../functions/app.ts';
import { call, outcome, seedFixtures, signIn } from '../fixtures.ts';
import { completeCourse, correctAnswers, ecmUser, FIXED_COURSE, seedEcm, VALID_CF } from './ecm-fixtures.ts';

beforeAll(async () => {
  await seedFixtures();
  await seedEcm();
});

/** The database, counting the statements prepared on it: what one request read, and how often. */
function countingDb(): { db: D1Database; count: (pattern: RegExp) => number } {
  const prepared: string[] = [];
  const db = new Proxy(env.DB, {
    get(target, property) {
      if (property === 'prepare') {
        return (sql: string) => {
          prepared.push(sql);
          return target.prepare(sql);
        };
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db, count: (pattern) => prepared.filter((sql) => pattern.test(sql)).length };
}

const READS = {
  site: /FROM site WHERE id = \?/,
  course: /FROM course c JOIN ecm_course/,
  attempts: /FROM ecm_attempt WHERE user_id = \? AND course_id = \? ORDER BY number/,
  // Alone, or in the row of the standing's facts (functions/data/ecm/standing-facts.ts).
  settings: /FROM ecm_site WHERE site_id|JOIN ecm_site s ON s\.site_id/,
  profile: /FROM user WHERE id = \?$/,
};

/** Calls the API once on a counting database and returns the answer with how often each read ran. */
async function counted(path: string, options: Parameters<typeof call>[1]) {
  const { db, count } = countingDb();
  const response = await call(path, { ...options, env: { DB: db } });
  return { response, reads: Object.fromEntries(Object.entries(READS).map(([name, pattern]) => [name, count(pattern)])) };
}

describe('one ECM service per request', () => {
  it('reads the site, the course and the learner’s standing once per call, along a whole journey', async () => {
    const user = ecmUser(13);
    await completeCourse(user.id, FIXED_COURSE);
    const cookie = await signIn(user);
    const course = `/api/lms/course/${FIXED_COURSE}`;
    const once = { site: 1, course: 1, attempts: 1, settings: 1 };

    // A new attempt is opened: the standing is not read again to answer it.
    const opened = await counted(`${course}/assessment`, { cookie });
    expect(opened.response.status).toBe(200);
    expect(opened.reads).toMatchObject(once);
    const attempt = await outcome<Assessment>(opened.response);
    expect(attempt.attemptsUsed).toBe(0);
    expect(attempt.answers).toEqual({});

    const submitted = await counted(`${course}/assessment/${attempt.attemptId}/submit`, {
      method: 'POST',
      cookie,
      body: { answers: await correctAnswers(attempt.attemptId) },
    });
    expect((await outcome<AssessmentResult>(submitted.response)).passed).toBe(true);
    expect(submitted.reads).toMatchObject({ course: 1, attempts: 1 });

    await call('/api/lms/ecm/profile', { method: 'PUT', cookie, body: { fiscalCode: VALID_CF, professionId: '01', disciplineId: '003', employment: 'L' } });
    // The questionnaire issues the certificate from the standing it read once (site, provider and course included).
    const answered = await counted(`${course}/satisfaction`, {
      method: 'POST',
      cookie,
      body: { relevance: 5, quality: 4, usefulness: 4, timeAdequacy: 3, commercialInfluence: 4, comment: '' },
    });
    expect(answered.response.status).toBe(200);
    expect((await outcome<{ certificate: string | null }>(answered.response)).certificate).toMatch(/\S/);
    expect(answered.reads).toMatchObject(once);

    const certificate = await counted(`${course}/certificate`, { method: 'POST', cookie });
    expect(certificate.response.status).toBe(200);
    expect(certificate.reads).toMatchObject(once);
  });
});

describe('the ECM routes in the route table', () => {
  const ecm = ROUTES.filter((route) => /\/ecm\b|\/assessment|\/satisfaction|\/certificate/.test(route.path));

  it('declare the permission each call needs, checked before any input is read', () => {
    expect(Object.fromEntries(ecm.map((route) => [`${route.method} ${route.path}`, route.auth]))).toEqual({
      'GET /api/lms/course/:courseId/ecm': 'course:read',
      'GET /api/lms/course/:courseId/assessment': 'progress:write',
      'GET /api/lms/course/:courseId/assessment/review': 'course:read',
      'PUT /api/lms/course/:courseId/assessment/:attemptId': 'progress:write',
      'POST /api/lms/course/:courseId/assessment/:attemptId/submit': 'progress:write',
      'GET /api/lms/course/:courseId/satisfaction': 'course:read',
      'POST /api/lms/course/:courseId/satisfaction': 'progress:write',
      'POST /api/lms/course/:courseId/certificate': 'progress:write',
      'GET /api/lms/certificates': 'session',
      'GET /api/lms/certificates/:code': 'session',
      'GET /api/lms/ecm/profile': 'session',
      'PUT /api/lms/ecm/profile': 'profile:write',
      'GET /api/cms/ecm/settings': 'ecm:report',
      'PUT /api/cms/ecm/settings': 'content:edit',
      'GET /api/cms/ecm/:courseId/editions': 'ecm:report',
      'PUT /api/cms/ecm/:courseId/event': 'content:edit',
      'PUT /api/cms/ecm/:courseId/editions/:number': 'content:edit',
      'GET /api/cms/ecm/:courseId/:report': 'ecm:report',
      'GET /api/audit/ecm/:courseId/:file': 'ecm:audit',
    });
  });

  it('validate their path parameters and answer with a real contract', () => {
    for (const route of ecm) {
      if (route.path.includes(':')) expect(route.request.param, `${route.method} ${route.path}`).toBeDefined();
      // An `unknown` answer accepts anything: a real contract refuses a string where an object is due.
      expect(route.response.safeParse('not an answer').success, `${route.method} ${route.path}`).toBe(false);
    }
    expect(Object.keys(API_ROUTES)).toContain('getEcmStatus');
  });

  it('refuses a malformed course id as 400 naming it, and an attempt id that is not one', async () => {
    const cookie = await signIn(ecmUser(14));
    const malformed = await call('/api/lms/course/Not_A_Course/ecm', { cookie });
    expect(malformed.status).toBe(400);
    expect((await malformed.json<{ message: string }>()).message).toContain('courseId');
    const attempt = await call(`/api/lms/course/${FIXED_COURSE}/assessment/not-an-attempt`, { method: 'PUT', cookie, body: { answers: {} } });
    expect(attempt.status).toBe(400);
    expect((await attempt.json<{ message: string }>()).message).toContain('attemptId');
  });
});
