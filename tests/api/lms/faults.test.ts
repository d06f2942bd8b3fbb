import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Completion } from '../../../functions/data/lms/progress.ts';
import { call, OTHER, outcome, seedFixtures, signIn } from '../fixtures.ts';
import { studySession } from '../study.ts';

beforeAll(seedFixtures);
afterEach(async () => {
  await env.DB.prepare('DROP TRIGGER IF EXISTS fail_half_way').run();
});

const snapshot = async (userId: string) =>
  env.DB.batch([
    env.DB.prepare('SELECT course_id, module_number, number FROM session_progress WHERE user_id = ? ORDER BY 1, 2, 3').bind(userId),
    env.DB.prepare('SELECT badge_id, amount FROM user_badge WHERE user_id = ? ORDER BY 1').bind(userId),
    env.DB.prepare('SELECT category_id, level, experience FROM user_level WHERE user_id = ? ORDER BY 1').bind(userId),
  ]).then((results) => results.map((result) => result.results));

describe('a write that fails half-way', () => {
  it('leaves no half-written progress, level or badge when D1 fails inside the completion batch, and the retry then succeeds', async () => {
    const cookie = await signIn(OTHER);
    await studySession(OTHER.id, 'triage', 1, 1);
    const before = await snapshot(OTHER.id);
    // A real D1 failure in the middle of the batch: the badge insert, after progress and level were written.
    await env.DB.prepare("CREATE TRIGGER fail_half_way BEFORE INSERT ON user_badge BEGIN SELECT RAISE(ABORT, 'simulated D1 failure'); END").run();
    const failed = await call('/api/lms/course/triage/session/1/1/complete', { method: 'POST', body: {}, cookie, env: { ENVIRONMENT: 'production' } });
    expect(failed.status).toBe(500);
    const body = await failed.json<{ message: string }>();
    expect(JSON.stringify(body)).not.toMatch(/simulated|    at |\.ts:/);
    expect(await snapshot(OTHER.id)).toEqual(before);

    await env.DB.prepare('DROP TRIGGER fail_half_way').run();
    const done = await outcome<Completion>(await call('/api/lms/course/triage/session/1/1/complete', { method: 'POST', body: {}, cookie }));
    const after = await snapshot(OTHER.id);
    expect(after[0]).toEqual([{ course_id: 'triage', module_number: 1, number: 1 }]);
    expect(after[1]).toContainEqual({ badge_id: 'prima-sessione', amount: 1 });
    // The retry awards what the failed attempt would have: nothing of it had been kept.
    expect(done).toEqual({
      courseId: 'triage',
      moduleNumber: 1,
      number: 1,
      newlyCompleted: true,
      progress: { done: 1, total: 3, courseCompleted: false },
      level: { categoryId: 'cat-rischio', level: 1, experience: 10, levelUp: true },
      badges: [{ _id: 'prima-sessione', name: 'Primo passo', icon: '🎯' }],
    });
  });
});
