import { beforeAll, describe, expect, it } from 'vitest';
import { call, LEARNER, OTHER, outcome, seedFixtures, signIn } from '../fixtures.ts';
import { studySession } from '../study.ts';

beforeAll(seedFixtures);

const POSITION = '/api/lms/course/triage/session/1/2/position';

describe('the position in a video session', () => {
  it('needs a session', async () => {
    expect((await call(POSITION, { method: 'PUT', body: { seconds: 10 } })).status).toBe(401);
  });

  it('is kept in whole seconds, read back with the session, and overwritten by the next write', async () => {
    const cookie = await signIn(LEARNER);
    expect(await outcome(await call(POSITION, { method: 'PUT', cookie, body: { seconds: 42.8 } }))).toMatchObject({ seconds: 42 });
    expect(await outcome(await call('/api/lms/course/triage/session/1/2', { cookie }))).toMatchObject({ kind: 'video', position: 42 });
    await call(POSITION, { method: 'PUT', cookie, body: { seconds: 75 } });
    expect(await outcome(await call('/api/lms/course/triage/session/1/2', { cookie }))).toMatchObject({ position: 75 });
    // Another learner's video starts from the beginning.
    expect(await outcome(await call('/api/lms/course/triage/session/1/2', { cookie: await signIn(OTHER) }))).toMatchObject({ position: null });
  });

  it('refuses bad input with a clear 4xx in the caller language, and writes nothing', async () => {
    const cookie = await signIn(LEARNER);
    for (const body of [{ seconds: -1 }, { seconds: 86_401 }, { seconds: '12' }, {}]) {
      const response = await call(POSITION, { method: 'PUT', cookie, body, locale: 'en-US' });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json<{ message: string }>()).message).toContain('"seconds"');
    }
    expect((await call(POSITION, { method: 'PUT', cookie, rawBody: '{', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    const text = await call('/api/lms/course/triage/session/1/1/position', { method: 'PUT', cookie, body: { seconds: 10 }, locale: 'de-DE' });
    expect(text.status).toBe(404);
    expect(await text.json()).toEqual({ statusCode: 404, statusMessage: 'Not Found', message: 'Videoeinheit nicht gefunden: triage/1/1' });
    expect((await call('/api/lms/course/inesistente/session/1/1/position', { method: 'PUT', cookie, body: { seconds: 10 } })).status).toBe(404);
    expect(await outcome(await call('/api/lms/course/triage/session/1/1', { cookie }))).toMatchObject({ position: null });
  });
});

describe('progress in a list of courses', () => {
  it('tells a visitor they are not signed in, without an error', async () => {
    expect(await outcome(await call('/api/lms/courses/progress?ids=triage'))).toEqual({ signedIn: false, courses: [] });
  });

  it("gives a learner each known course's completed and total sessions", async () => {
    const cookie = await signIn(OTHER);
    await studySession(OTHER.id, 'triage', 1, 1);
    await call('/api/lms/course/triage/session/1/1/complete', { method: 'POST', cookie, body: {} });
    expect(await outcome(await call('/api/lms/courses/progress?ids=triage,inesistente', { cookie }))).toEqual({
      signedIn: true,
      courses: [{ id: 'triage', done: 1, total: 3 }],
    });
  });

  it('refuses malformed ids', async () => {
    expect((await call('/api/lms/courses/progress?ids=Not_Valid!')).status).toBe(400);
    expect((await call('/api/lms/courses/progress')).status).toBe(400);
  });
});
