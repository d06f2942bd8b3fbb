import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveSession, type SessionRider } from '../../../functions/auth/session.ts';
import { sealSession, unsealSession } from '../../../functions/auth/session-cookie.ts';
import { coursePageBatch, readCoursePage } from '../../../functions/data/lms/course-page.ts';
import { readEvidence } from '../../../functions/data/lms/evidence.ts';
import { findSession } from '../../../functions/data/lms/courses.ts';
import { readEntryFacts } from '../../../functions/data/people/enrolment.ts';
import { readSessionPage, sessionPageBatch } from '../../../functions/data/lms/session-page.ts';
import type { Env } from '../../../functions/env.ts';
import { hashToken } from '../../../functions/shared/token.ts';
import { countingDb } from '../counting-db.ts';
import { call, LEARNER, OTHER, SITE, seedFixtures, signIn } from '../fixtures.ts';

// functions/auth/session.ts: a page's reads ride in the session's batch when the sealed cookie names
// its user, and are kept only when the token's row is that user's.
beforeAll(seedFixtures);

const COURSE = 'triage';
const pageRequest = (cookie: string) => new Request('http://localhost/it-IT/course/triage', { headers: { cookie } });

/** The session of `cookie` resolved with the course page's rider: the round trips it took, and the users the rider read for. */
async function resolveWithRider(cookie: string) {
  const { db, trips } = countingDb();
  const readFor: string[] = [];
  const rider: SessionRider = (userId) => {
    readFor.push(userId);
    return coursePageBatch(env.DB, SITE, COURSE, 'it-IT', 'it-IT', userId).statements;
  };
  const outcome = await resolveSession({ ...env, DB: db } as Env, pageRequest(cookie), Date.now(), rider);
  return { outcome, trips: trips(), readFor };
}

/** The tokens sealed in a `t-ssid=…` cookie. */
async function tokensOf(cookie: string) {
  const unsealed = await unsealSession(cookie.slice('t-ssid='.length), env.SESSION_SECRET);
  if (unsealed.kind !== 'ok') throw new Error(`cookie not sealed: ${unsealed.kind}`);
  return unsealed.tokens;
}

describe('the session rider', () => {
  it('reads a course page with the session in one round trip, and gives what the page reads alone', async () => {
    const cookie = await signIn(LEARNER);
    expect((await tokensOf(cookie)).userId).toBe(LEARNER.id);
    const { outcome, trips } = await resolveWithRider(cookie);
    expect(trips).toBe(1);
    if (outcome.kind !== 'user') throw new Error(`expected a signed-in user, got ${outcome.kind}`);
    expect(outcome.session.user.id).toBe(LEARNER.id);
    const results = outcome.session.riderResults;
    expect(results).toBeDefined();
    const batch = coursePageBatch(env.DB, SITE, COURSE, 'it-IT', 'it-IT', LEARNER.id);
    const alone = await readCoursePage(env.DB, SITE, COURSE, 'it-IT', 'it-IT', LEARNER.id);
    expect(alone?.course.id).toBe(COURSE);
    expect(batch.read(results ?? [])).toEqual(alone);
    // Read ahead for another learner, or another course, the page reads for itself.
    const ahead = { key: batch.key, results: results ?? [] };
    for (const [courseId, userId] of [
      [COURSE, OTHER.id],
      ['no-such-course', LEARNER.id],
    ] as const) {
      const { db, trips: own } = countingDb();
      expect(await readCoursePage(db, SITE, courseId, 'it-IT', 'it-IT', userId, ahead)).toEqual(
        await readCoursePage(env.DB, SITE, courseId, 'it-IT', 'it-IT', userId),
      );
      expect(own()).toBe(1);
    }
  });

  it("reads a session's page with the session in one round trip: the same course, way in and evidence the page's three reads find", async () => {
    const cookie = await signIn(LEARNER);
    const at = { courseId: COURSE, moduleNumber: 1, number: 1 };
    const { db, trips } = countingDb();
    const rider: SessionRider = (userId) => sessionPageBatch(env.DB, SITE, at, 'it-IT', 'it-IT', userId).statements;
    const outcome = await resolveSession({ ...env, DB: db } as Env, pageRequest(cookie), Date.now(), rider);
    expect(trips()).toBe(1);
    if (outcome.kind !== 'user') throw new Error(`expected a signed-in user, got ${outcome.kind}`);
    const batch = sessionPageBatch(env.DB, SITE, at, 'it-IT', 'it-IT', LEARNER.id);
    const ridden = batch.read(outcome.session.riderResults ?? []);
    expect(ridden.session?.title).toBeTruthy();
    expect(ridden).toEqual({
      session: await findSession(env.DB, SITE, COURSE, 1, 1, 'it-IT', 'it-IT', LEARNER.id),
      learner: { entry: await readEntryFacts(env.DB, COURSE, LEARNER.id), evidence: await readEvidence(env.DB, SITE, LEARNER.id, COURSE, 1, 1) },
    });
    expect(ridden.learner?.evidence?.kind).toBe(ridden.session?.kind);
    // Alone, the page's reading is one round trip too; read ahead for another session, it reads for itself.
    const alone = countingDb();
    expect(await readSessionPage(alone.db, SITE, at, 'it-IT', 'it-IT', LEARNER.id)).toEqual(ridden);
    expect(alone.trips()).toBe(1);
    const other = countingDb();
    const next = { ...at, number: 2 };
    expect(await readSessionPage(other.db, SITE, next, 'it-IT', 'it-IT', LEARNER.id, { key: batch.key, results: outcome.session.riderResults ?? [] })).toEqual(
      await readSessionPage(env.DB, SITE, next, 'it-IT', 'it-IT', LEARNER.id),
    );
    expect(other.trips()).toBe(1);
  });

  it("keeps nothing read for a user the token is not: the session is the token's user's", async () => {
    const tokens = await tokensOf(await signIn(LEARNER));
    const crossed = `t-ssid=${await sealSession({ ...tokens, userId: OTHER.id }, env.SESSION_SECRET)}`;
    const { outcome } = await resolveWithRider(crossed);
    if (outcome.kind !== 'user') throw new Error(`expected a signed-in user, got ${outcome.kind}`);
    expect(outcome.session.user.id).toBe(LEARNER.id);
    expect(outcome.session.riderResults).toBeUndefined();
  });

  it('reads no rider for a cookie sealed without its user, nor keeps one across a renewal or for a session that ended', async () => {
    const cookie = await signIn(LEARNER);
    const { accessToken, refreshToken } = await tokensOf(cookie);
    const older = await resolveWithRider(`t-ssid=${await sealSession({ accessToken, refreshToken }, env.SESSION_SECRET)}`);
    if (older.outcome.kind !== 'user') throw new Error(`expected a signed-in user, got ${older.outcome.kind}`);
    expect(older.readFor).toEqual([]);
    expect(older.outcome.session.riderResults).toBeUndefined();

    // The access token's hour is over: the refresh token renews the pair, and the new cookie names the user.
    await env.DB.prepare('UPDATE auth_token SET expires_at = 1 WHERE hash = ?')
      .bind(await hashToken(accessToken))
      .run();
    const renewed = await resolveWithRider(cookie);
    if (renewed.outcome.kind !== 'user') throw new Error(`expected a signed-in user, got ${renewed.outcome.kind}`);
    expect(renewed.readFor).toEqual([LEARNER.id]);
    expect(renewed.outcome.session.riderResults).toBeUndefined();
    const sealed = renewed.outcome.session.renewedCookie?.split(';')[0] ?? '';
    expect((await tokensOf(sealed)).userId).toBe(LEARNER.id);

    expect((await call('/api/auth/logout', { method: 'POST', cookie: sealed })).status).toBe(200);
    expect((await resolveWithRider(sealed)).outcome.kind).toBe('stale');
  });
});
