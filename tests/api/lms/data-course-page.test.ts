import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Assessment } from '../../../core/contracts/ecm.ts';
import { findEcmCourse } from '../../../functions/data/ecm/courses.ts';
import { readCoursePage } from '../../../functions/data/lms/course-page.ts';
import { findCourse } from '../../../functions/data/lms/courses.ts';
import { readEntryFacts } from '../../../functions/data/people/enrolment.ts';
import { loadStanding, publicStatus, standingOf } from '../../../functions/ecm/standing.ts';
import { countingDb } from '../counting-db.ts';
import { call, outcome, SITE, seedFixtures, signIn } from '../fixtures.ts';
import { answersWith, completeCourse, DRAW_COURSE, ecmUser, FIXED_COURSE, PLAIN_COURSE, seedEcm } from '../ecm/ecm-fixtures.ts';

// functions/data/lms/course-page.ts: the course page's one batch reads what the separate reads
// (findCourse, readEntryFacts, findEcmCourse, loadStanding) read, in one round trip.
beforeAll(async () => {
  await seedFixtures();
  await seedEcm();
});

/** The course page's reading and the separate reads it replaces, side by side. */
async function bothWays(courseId: string, userId: string) {
  const { db, trips } = countingDb();
  const read = await readCoursePage(db, SITE, courseId, 'it-IT', 'it-IT', userId);
  const ecmCourse = await findEcmCourse(env.DB, SITE, courseId);
  const separate = {
    course: await findCourse(env.DB, SITE, courseId, 'it-IT', 'it-IT', userId),
    entry: await readEntryFacts(env.DB, courseId, userId),
    ecmCourse,
    status: ecmCourse ? publicStatus(await loadStanding(env.DB, SITE, ecmCourse, userId, 'it-IT', 'it-IT')) : null,
  };
  const learner = read?.learner;
  const batched = {
    course: read?.course ?? null,
    entry: learner?.entry,
    ecmCourse: learner?.ecmCourse ?? null,
    status: learner?.ecmCourse ? publicStatus(standingOf(learner.ecmCourse, learner.sessions, learner.standing)) : null,
  };
  return { separate, batched, trips: trips() };
}

describe('readCoursePage', () => {
  it('reads what the separate reads do, in one round trip, along an ECM journey', async () => {
    const user = ecmUser(14);
    const first = await bothWays(FIXED_COURSE, user.id);
    expect(first.batched).toEqual(first.separate);
    expect(first.separate.status?.step).toBe('sessions');
    expect(first.trips).toBe(1);

    await completeCourse(user.id, FIXED_COURSE);
    // A time rule: the tracked time is summed only then, and none was tracked.
    await env.DB.prepare('UPDATE ecm_site SET min_time_share = 0.5 WHERE site_id = ?').bind(SITE).run();
    const timed = await bothWays(FIXED_COURSE, user.id);
    await env.DB.prepare('UPDATE ecm_site SET min_time_share = NULL WHERE site_id = ?').bind(SITE).run();
    expect(timed.batched).toEqual(timed.separate);
    expect(timed.separate.status?.step).toBe('time');

    // A failed attempt, then an open one: the outcomes the page reads give the same status as the attempts whole.
    const cookie = await signIn(user);
    const course = `/api/lms/course/${FIXED_COURSE}`;
    const opened = await outcome<Assessment>(await call(`${course}/assessment`, { cookie }));
    await call(`${course}/assessment/${opened.attemptId}/submit`, { method: 'POST', cookie, body: { answers: await answersWith(opened.attemptId, 1) } });
    const failed = await bothWays(FIXED_COURSE, user.id);
    expect(failed.batched).toEqual(failed.separate);
    expect(failed.separate.status?.lastResult?.passed).toBe(false);
    await call(`${course}/assessment`, { cookie });
    const open = await bothWays(FIXED_COURSE, user.id);
    expect(open.batched).toEqual(open.separate);
    expect(open.separate.status?.attemptsUsed).toBe(1);
  });

  it('finds no ECM course where the course has no credits, and nothing for an unknown course', async () => {
    const user = ecmUser(13);
    for (const courseId of [PLAIN_COURSE, DRAW_COURSE]) {
      const both = await bothWays(courseId, user.id);
      expect(both.batched).toEqual(both.separate);
    }
    expect((await bothWays(PLAIN_COURSE, user.id)).batched.ecmCourse).toBeNull();
    expect(await readCoursePage(env.DB, SITE, 'no-such-course', 'it-IT', 'it-IT', user.id)).toBeNull();
    expect((await readCoursePage(env.DB, SITE, FIXED_COURSE, 'it-IT', 'it-IT', null))?.learner).toBeNull();
  });
});
