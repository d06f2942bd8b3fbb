import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { findCourse, findCourses, findSession, listCategories } from '../../../functions/data/lms/courses.ts';
import { listLearnerCourses } from '../../../functions/data/lms/learner.ts';
import { countingDb } from '../counting-db.ts';
import { SITE, seedFixtures, THIRD } from '../fixtures.ts';

// Query-level tests of functions/data/lms/courses.ts and learner.ts, on a catalogue of two courses.
beforeAll(async () => {
  await seedFixtures();
  await env.DB.batch([
    env.DB.prepare("INSERT OR IGNORE INTO course (id, site_id, category_id, ecm_credits, position) VALUES ('privacy-base', ?, 'cat-privacy', NULL, 1)").bind(
      SITE,
    ),
    env.DB.prepare(
      "INSERT OR IGNORE INTO course_text VALUES ('privacy-base', 'it-IT', 'Privacy di base', 'Il GDPR in corsia.', 'Dati dei pazienti.'), ('privacy-base', 'en-US', 'Privacy basics', 'GDPR on the ward.', 'Patient data.')",
    ),
    env.DB.prepare("INSERT OR IGNORE INTO module (course_id, number) VALUES ('privacy-base', 1)"),
    env.DB.prepare(
      "INSERT OR IGNORE INTO session (course_id, module_number, number, kind, duration, media_url) VALUES ('privacy-base', 1, 1, 'text', '0h 5m 0s', NULL)",
    ),
    env.DB.prepare("INSERT OR IGNORE INTO session_progress VALUES (?, 'triage', 1, 2, 5000)").bind(THIRD.id),
  ]);
});

describe('functions/data/lms/courses.ts', () => {
  it('lists categories in the locale, falling back to the default locale', async () => {
    expect(await listCategories(env.DB, SITE, 'en-US', 'it-IT')).toEqual([
      { id: 'cat-rischio', slug: 'rischio', name: 'Clinical risk', description: '' },
      { id: 'cat-privacy', slug: 'privacy', name: 'Privacy', description: '' },
    ]);
  });

  it('finds course cards filtered and paged, with the total and the summed duration', async () => {
    const all = await findCourses(env.DB, SITE, 'en-US', 'it-IT');
    expect(all.total).toBe(2);
    expect(all.courses).toEqual([
      {
        id: 'triage',
        title: 'Triage',
        summary: 'Il triage in pronto soccorso.',
        categoryId: 'cat-rischio',
        categoryName: 'Clinical risk',
        categorySlug: 'rischio',
        ecmCredits: 6,
        duration: '1h 16m 15s',
      },
      {
        id: 'privacy-base',
        title: 'Privacy basics',
        summary: 'GDPR on the ward.',
        categoryId: 'cat-privacy',
        categoryName: 'Privacy',
        categorySlug: 'privacy',
        ecmCredits: null,
        duration: '0h 5m 0s',
      },
    ]);
    expect((await findCourses(env.DB, SITE, 'it-IT', 'it-IT', { withoutEcm: true })).courses.map((c) => c.id)).toEqual(['privacy-base']);
    expect((await findCourses(env.DB, SITE, 'it-IT', 'it-IT', { categoryId: 'cat-rischio' })).courses.map((c) => c.id)).toEqual(['triage']);
    expect(await findCourses(env.DB, SITE, 'it-IT', 'it-IT', { limit: 1, offset: 1 })).toMatchObject({ total: 2, courses: [{ id: 'privacy-base' }] });
    expect((await findCourses(env.DB, SITE, 'it-IT', 'it-IT', { query: 'gdpr' })).courses.map((c) => c.id)).toEqual(['privacy-base']);
    expect(await findCourses(env.DB, 'another-site', 'it-IT', 'it-IT')).toEqual({ courses: [], total: 0 });
  });

  it("reads a course with its modules and the learner's completed sessions, and a session with its neighbours", async () => {
    const course = await findCourse(env.DB, SITE, 'triage', 'it-IT', 'it-IT', THIRD.id);
    expect(course?.description).toBe('Priorità di accesso alle cure.');
    expect(course?.modules.map((m) => [m.number, m.title, m.sessions.map((s) => [s.number, s.completedAt])])).toEqual([
      [
        1,
        'Il processo',
        [
          [1, null],
          [2, 5000],
        ],
      ],
      [2, 'Le competenze', [[1, null]]],
    ]);
    // The course and the session's row in one round trip.
    const { db, trips } = countingDb();
    const session = await findSession(db, SITE, 'triage', 1, 2, 'it-IT', 'it-IT', THIRD.id);
    expect(trips()).toBe(1);
    expect(session).toMatchObject({
      courseId: 'triage',
      courseTitle: 'Triage',
      title: 'I codici',
      kind: 'video',
      body: 'Cinque codici.',
      previous: { moduleNumber: 1, number: 1 },
      next: { moduleNumber: 2, number: 1 },
      progress: { done: 1, total: 3 },
    });
    expect(await findSession(env.DB, SITE, 'triage', 3, 1, 'it-IT', 'it-IT', THIRD.id)).toBeNull();
    expect(await findCourse(env.DB, 'another-site', 'triage', 'it-IT', 'it-IT', null)).toBeNull();
  });

  it("lists a learner's courses under way with their progress", async () => {
    expect(
      (await listLearnerCourses(env.DB, SITE, THIRD.id, 'it-IT', 'it-IT')).map((c) => ({
        id: c.id,
        done: c.done,
        total: c.total,
        lastActivity: c.lastActivity,
      })),
    ).toEqual([{ id: 'triage', done: 1, total: 3, lastActivity: 5000 }]);
    expect(await listLearnerCourses(env.DB, SITE, 'u-nobody', 'it-IT', 'it-IT')).toEqual([]);
  });
});
