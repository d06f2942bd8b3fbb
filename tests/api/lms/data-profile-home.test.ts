import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { findRole } from '../../../functions/data/auth/roles.ts';
import { findCourse } from '../../../functions/data/lms/courses.ts';
import { listBadges, loadProgress } from '../../../functions/data/lms/game.ts';
import { readCourseResume, readProfileHome } from '../../../functions/data/lms/profile-home.ts';
import { listTags } from '../../../functions/data/site/tags.ts';
import { countingDb } from '../counting-db.ts';
import { newSignedInLearner, SITE, seedFixtures } from '../fixtures.ts';

// functions/data/lms/profile-home.ts: the profile home reads in one round trip what it read in six,
// and a course to resume in one.
beforeAll(seedFixtures);

/** A new learner who completed triage's first session a minute ago and has just stopped at 42 s into its video, the second. */
async function learnerOnTriage(prefix: string): Promise<string> {
  const { id } = await newSignedInLearner(prefix);
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO session_progress (user_id, course_id, module_number, number, completed_at) VALUES (?, 'triage', 1, 1, ?)").bind(
      id,
      now - 60_000,
    ),
    env.DB.prepare("INSERT INTO session_position (user_id, course_id, module_number, number, seconds, updated_at) VALUES (?, 'triage', 1, 2, 42, ?)").bind(
      id,
      now,
    ),
  ]);
  return id;
}

describe("the profile home's reads", () => {
  it('read progress, badges, categories, time, recent courses and the role in one round trip, as the separate reads do', async () => {
    const id = await learnerOnTriage('profile-home');
    await env.DB.prepare('INSERT INTO stats_total (site_id, user_id, ms) VALUES (?, ?, 90000)').bind(SITE, id).run();
    const { db, trips } = countingDb();
    const home = await readProfileHome(db, SITE, id, 'it-IT', 'admin');
    expect(trips()).toBe(1);
    expect(home).toEqual({
      progress: await loadProgress(env.DB, id),
      badges: await listBadges(env.DB, SITE, 'it-IT'),
      categories: await listTags(env.DB, SITE, 'it-IT', 'category'),
      totalTimeSpent: 90_000,
      recentCourseIds: ['triage'],
      role: await findRole(env.DB, 'admin'),
    });
    expect(home.role?.mode).toBe('admin');
    expect(home.categories.length).toBeGreaterThan(0);
    expect((await readProfileHome(env.DB, SITE, id, 'it-IT', null)).role).toBeNull();
  });

  it('read a course to resume in one round trip: the course with progress, the session last visited, the video positions', async () => {
    const id = await learnerOnTriage('profile-resume');
    const { db, trips } = countingDb();
    const found = await readCourseResume(db, SITE, 'triage', 'it-IT', 'it-IT', id);
    expect(trips()).toBe(1);
    expect(found?.course).toEqual(await findCourse(env.DB, SITE, 'triage', 'it-IT', 'it-IT', id));
    expect(found?.last).toEqual({ moduleNumber: 1, number: 2 });
    expect([...(found?.positions ?? [])]).toEqual([['1/2', 42]]);
    expect(await readCourseResume(env.DB, SITE, 'no-such-course', 'it-IT', 'it-IT', id)).toBeNull();
  });
});
