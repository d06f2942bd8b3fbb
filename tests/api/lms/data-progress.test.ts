import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { listBadges, listLevels, loadProgress } from '../../../functions/data/lms/game.ts';
import { readEvidence } from '../../../functions/data/lms/evidence.ts';
import { completeSession } from '../../../functions/data/lms/progress.ts';
import { LEARNER, seedFixtures, SITE, THIRD } from '../fixtures.ts';

// Query-level tests of functions/data/lms/progress.ts, evidence.ts and game.ts.
beforeAll(seedFixtures);

const T = Date.parse('2026-06-01T09:00:00Z');

describe('functions/data/lms/progress.ts', () => {
  it('completes a session: progress, experience, level and badge written together, and said back', async () => {
    const completion = await completeSession(env.DB, SITE, THIRD.id, 'triage', 1, 1, 'cat-rischio', 'it-IT', T);
    expect(completion).toEqual({
      courseId: 'triage',
      moduleNumber: 1,
      number: 1,
      newlyCompleted: true,
      progress: { done: 1, total: 3, courseCompleted: false },
      level: { categoryId: 'cat-rischio', level: 1, experience: 10, levelUp: true },
      badges: [{ _id: 'prima-sessione', name: 'Primo passo', icon: '🎯' }],
    });
    expect(
      await env.DB.prepare('SELECT course_id, module_number, number, completed_at FROM session_progress WHERE user_id = ?')
        .bind(THIRD.id)
        .all()
        .then((r) => r.results),
    ).toEqual([{ course_id: 'triage', module_number: 1, number: 1, completed_at: T }]);
    expect(await loadProgress(env.DB, THIRD.id)).toEqual({
      badges: { 'prima-sessione': { obtainedAt: new Date(T).toISOString(), amount: 1, chain: 1 } },
      levels: { 'cat-rischio': { level: 1, obtainedAt: new Date(T).toISOString(), experience: 10 } },
    });
  });

  it('awards nothing twice and counts a finished course', async () => {
    const again = await completeSession(env.DB, SITE, THIRD.id, 'triage', 1, 1, 'cat-rischio', 'it-IT', T + 1);
    expect(again).toMatchObject({ newlyCompleted: false, progress: { done: 1, total: 3 }, badges: [] });
    await completeSession(env.DB, SITE, THIRD.id, 'triage', 1, 2, 'cat-rischio', 'it-IT', T + 2);
    const last = await completeSession(env.DB, SITE, THIRD.id, 'triage', 2, 1, 'cat-rischio', 'it-IT', T + 3);
    // Three sessions (30) and the course (50): level 2 from 40.
    expect(last).toMatchObject({ progress: { done: 3, total: 3, courseCompleted: true }, level: { level: 2, experience: 80, levelUp: true } });
  });
});

describe('functions/data/lms/evidence.ts', () => {
  it('knows no session of another site, nor one that does not exist', async () => {
    expect(await readEvidence(env.DB, 'another-site', THIRD.id, 'triage', 1, 1)).toBeNull();
    expect(await readEvidence(env.DB, SITE, THIRD.id, 'triage', 9, 9)).toBeNull();
  });
});

describe('functions/data/lms/game.ts', () => {
  it("lists the site's badges and levels in the locale, with fallbacks, and a learner's progress", async () => {
    expect(await listBadges(env.DB, SITE, 'it-IT')).toEqual([
      { _id: 'prima-sessione', name: 'Primo passo', description: 'Prima sessione completata.', icon: '🎯', category: null, rule: 'sessions', threshold: 1 },
    ]);
    expect((await listBadges(env.DB, SITE, 'de-DE'))[0]).toMatchObject({ name: 'prima-sessione', description: '' });
    expect(await listBadges(env.DB, 'another-site', 'it-IT')).toEqual([]);
    expect(await listLevels(env.DB, SITE, 'it-IT')).toEqual([
      { level: 1, experience: 0, name: 'Livello 1' },
      { level: 2, experience: 40, name: 'Livello 2' },
    ]);
    const progress = await loadProgress(env.DB, LEARNER.id);
    expect(Object.keys(progress.badges)).toEqual(['prima-sessione']);
    expect(progress.levels['cat-rischio']).toMatchObject({ level: 2, experience: 50 });
    expect(await loadProgress(env.DB, 'u-nobody')).toEqual({ badges: {}, levels: {} });
  });
});
