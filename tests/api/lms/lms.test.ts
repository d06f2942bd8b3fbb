import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, outcome, seedFixtures, signIn, THIRD } from '../fixtures.ts';
import { studySession } from '../study.ts';

beforeAll(seedFixtures);

describe('course content', () => {
  it('needs a session', async () => {
    for (const path of ['/api/lms/course/triage', '/api/lms/course/triage/session/1/1', '/api/lms/courses/mine']) expect((await call(path)).status).toBe(401);
    expect((await call('/api/lms/course/triage/session/1/1/complete', { method: 'POST', body: {} })).status).toBe(401);
  });

  it('GET /api/lms/course/{id} returns modules, sessions and summed duration', async () => {
    const course = await outcome<Record<string, unknown>>(await call('/api/lms/course/triage', { cookie: await signIn(THIRD) }));
    expect(course).toMatchObject({ id: 'triage', title: 'Triage', categoryName: 'Rischio clinico', ecmCredits: 6, duration: '1h 16m 15s' });
    expect(course.modules).toMatchObject([
      {
        number: 1,
        title: 'Il processo',
        sessions: [
          { number: 1, kind: 'text' },
          { number: 2, kind: 'video' },
        ],
      },
      { number: 2, title: 'Le competenze', sessions: [{ number: 1, kind: 'document' }] },
    ]);
  });

  it('GET a session returns its body and neighbours', async () => {
    const session = await outcome<Record<string, unknown>>(await call('/api/lms/course/triage/session/1/2', { cookie: await signIn(THIRD) }));
    expect(session).toMatchObject({
      title: 'I codici',
      body: 'Cinque codici.',
      previous: { moduleNumber: 1, number: 1 },
      next: { moduleNumber: 2, number: 1 },
    });
  });

  it('answers bad ids with 400 and missing courses or sessions with 404 and a clear message', async () => {
    const cookie = await signIn(THIRD);
    expect((await call('/api/lms/course/Not_Valid!', { cookie })).status).toBe(400);
    const badModule = await call('/api/lms/course/triage/session/uno/1', { cookie });
    expect(badModule.status).toBe(400);
    expect((await badModule.json<{ message: string }>()).message).toContain('«module»');
    const missingCourse = await call('/api/lms/course/inesistente', { cookie });
    expect(missingCourse.status).toBe(404);
    expect(await missingCourse.json()).toEqual({ statusCode: 404, statusMessage: 'Not Found', message: 'Corso non trovato: inesistente' });
    const missingSession = await call('/api/lms/course/triage/session/9/9', { cookie, locale: 'en-US' });
    expect(missingSession.status).toBe(404);
    expect((await missingSession.json<{ message: string }>()).message).toBe('Session not found: triage/9/9');
    expect((await call('/api/lms/course/triage/session/9/9/complete', { method: 'POST', cookie, body: {} })).status).toBe(404);
  });
});

describe('completing sessions', () => {
  it('records progress once, and awards experience, levels and badges by the rules', async () => {
    const cookie = await signIn(THIRD);
    // 'triage' is an ECM course: each session counts only after its time was spent on it.
    for (const [module, session] of [
      [1, 1],
      [1, 2],
      [2, 1],
    ] as const)
      await studySession(THIRD.id, 'triage', module, session);
    const first = await outcome<Record<string, unknown>>(await call('/api/lms/course/triage/session/1/1/complete', { method: 'POST', cookie, body: {} }));
    expect(first).toMatchObject({
      newlyCompleted: true,
      progress: { done: 1, total: 3, courseCompleted: false },
      level: { categoryId: 'cat-rischio', level: 1, experience: 10, levelUp: true },
      badges: [{ _id: 'prima-sessione', name: 'Primo passo' }],
    });
    const again = await outcome<Record<string, unknown>>(await call('/api/lms/course/triage/session/1/1/complete', { method: 'POST', cookie, body: {} }));
    expect(again).toMatchObject({ newlyCompleted: false, progress: { done: 1 }, badges: [] });

    await call('/api/lms/course/triage/session/1/2/complete', { method: 'POST', cookie, body: {} });
    const last = await outcome<Record<string, unknown>>(await call('/api/lms/course/triage/session/2/1/complete', { method: 'POST', cookie, body: {} }));
    // 3 sessions x 10 + 1 course x 50 = 80 experience: level 2 (from 40).
    expect(last).toMatchObject({ progress: { done: 3, total: 3, courseCompleted: true }, level: { level: 2, experience: 80, levelUp: true } });
    const stored = await env.DB.prepare('SELECT level, experience FROM user_level WHERE user_id = ?').bind(THIRD.id).first();
    expect(stored).toEqual({ level: 2, experience: 80 });

    const mine = await outcome<{ inProgress: unknown[]; completed: { id: string }[] }>(await call('/api/lms/courses/mine', { cookie }));
    expect(mine.completed.map((c) => c.id)).toEqual(['triage']);
    expect(mine.inProgress).toEqual([]);
    const progress = await outcome<{ badges: Record<string, unknown> }>(await call('/api/lms/game/progress', { cookie }));
    expect(Object.keys(progress.badges)).toEqual(['prima-sessione']);
  });
});
