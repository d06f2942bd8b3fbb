import { beforeAll, describe, expect, it } from 'vitest';
import type { AssessmentResult } from '../../../core/contracts/ecm.ts';
import { call, outcome, seedFixtures, signIn } from '../fixtures.ts';
import { answersWith, completeCourse, ecmUser, FIXED_COURSE, seedEcm } from './ecm-fixtures.ts';

beforeAll(async () => {
  await seedFixtures();
  await seedEcm();
});

async function fail(n: number, right: number, locale = 'it-IT'): Promise<AssessmentResult> {
  const learner = ecmUser(n);
  await completeCourse(learner.id, FIXED_COURSE);
  const cookie = await signIn(learner);
  const attempt = await outcome<{ attemptId: string }>(await call(`/api/lms/course/${FIXED_COURSE}/assessment`, { cookie, locale }));
  const answers = await answersWith(attempt.attemptId, right);
  return outcome<AssessmentResult>(
    await call(`/api/lms/course/${FIXED_COURSE}/assessment/${attempt.attemptId}/submit`, { method: 'POST', cookie, locale, body: { answers } }),
  );
}

describe('after a failed attempt', () => {
  it('names the sessions its wrong answers come from, in course order, and nothing of the answers', async () => {
    // All 18 wrong: the three sessions of the course.
    const all = await fail(1, 0);
    expect(all).toMatchObject({ passed: false, correct: 0, total: 18 });
    expect(all.review).toEqual([
      { moduleNumber: 1, number: 1, modulePosition: 1, title: 'Le fasi' },
      { moduleNumber: 1, number: 2, modulePosition: 1, title: 'I codici' },
      { moduleNumber: 2, number: 1, modulePosition: 2, title: 'Casi' },
    ]);
    expect(Object.keys(all).sort()).toEqual(['attemptsLeft', 'correct', 'passed', 'review', 'score', 'submittedAt', 'total']);
  });

  it('names only the sessions of the questions answered wrongly', async () => {
    // Questions in the attempt's order: the first 12 right, the last 6 wrong; which sessions those
    // come from depends on the shuffle, but never a session none of the wrong ones comes from.
    const result = await fail(2, 17);
    expect(result.passed).toBe(true);
    expect(result.review).toEqual([]);
    const failed = await fail(3, 12);
    expect(failed.passed).toBe(false);
    expect(failed.review.length).toBeGreaterThanOrEqual(1);
    expect(failed.review.length).toBeLessThanOrEqual(3);
  });
});
