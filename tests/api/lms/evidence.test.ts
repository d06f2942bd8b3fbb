import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, outcome, seedFixtures, signIn, SITE } from '../fixtures.ts';
import { DRAW_COURSE, ecmUser, FIXED_COURSE, PLAIN_COURSE, seedEcm } from '../ecm/ecm-fixtures.ts';

beforeAll(async () => {
  await seedFixtures();
  await seedEcm();
});

afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;
const complete = (cookie: string, path: string, body: unknown = {}, locale = 'it-IT') =>
  call(`/api/lms/course/${path}/complete`, { method: 'POST', cookie, body, locale });
const message = async (response: Response) => (await response.json<{ message: string }>()).message;

/** A page hit of one tab, at the current (fake) time. */
async function hit(cookie: string, identity: string, path: string, ms: number, extra: Record<string, unknown> = {}) {
  const response = await call('/api/event/hit', {
    method: 'POST',
    cookie,
    body: { identity, subject: { id: path, meta: [{ field: 'ms', value: ms }] }, ...extra },
  });
  expect(response.status).toBe(200);
}

async function doneSessions(userId: string, courseId: string): Promise<number> {
  const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM session_progress WHERE user_id = ? AND course_id = ?')
    .bind(userId, courseId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe('a session counts as done only on evidence the server saw', () => {
  it('refuses the burst of a new learner marking every session of an ECM course done at once: 409 with the time still missing, in their language', async () => {
    const learner = ecmUser(1);
    const cookie = await signIn(learner);
    const sessions = ['1/1', '1/2', '2/1'];
    const answers = await Promise.all(sessions.map((session) => complete(cookie, `${FIXED_COURSE}/session/${session}`)));
    expect(answers.map((response) => response.status)).toEqual([409, 409, 409]);
    // 80 % of 25 min, of 40 min 30 s and of 10 min 45 s.
    expect(await message(answers[0] as Response)).toBe('Questa sessione non è ancora completata: servono ancora 20 min 0 s di studio sulla sua pagina.');
    expect(await message(answers[1] as Response)).toContain('servono ancora 32 min 24 s');
    expect(await message(answers[2] as Response)).toContain('servono ancora 8 min 36 s');
    const english = await complete(cookie, `${FIXED_COURSE}/session/1/1`, {}, 'en-US');
    expect(await message(english)).toBe('This session is not complete yet: it still needs 20 min 0 s of study on its page.');
    expect(await doneSessions(learner.id, FIXED_COURSE)).toBe(0);
    // So the assessment stays closed.
    const ecm = await outcome<{ step: string }>(await call(`/api/lms/course/${FIXED_COURSE}/ecm`, { cookie }));
    expect(ecm.step).toBe('sessions');
  });

  it('counts the visible time the server saw on the session page, the time until the click included, never more than passed', async () => {
    const learner = ecmUser(2);
    const start = Date.UTC(2026, 3, 14, 8, 0);
    vi.setSystemTime(start);
    const cookie = await signIn(learner);
    const page = `/it-IT/course/session/${DRAW_COURSE}/1/1`; // 20 min declared: 16 min needed
    await hit(cookie, 'tab-evidence-2', page, 0);
    // Ten minutes later the tab claims a whole hour: the server credits the ten minutes it saw pass.
    vi.setSystemTime(start + 10 * MINUTE);
    const early = await complete(cookie, `${DRAW_COURSE}/session/1/1`, { identity: 'tab-evidence-2', ms: 60 * MINUTE });
    expect(early.status).toBe(409);
    expect(await message(early)).toContain('servono ancora 6 min 0 s');
    // Six more minutes on the page, sent with the click: done.
    vi.setSystemTime(start + 16 * MINUTE);
    const done = await complete(cookie, `${DRAW_COURSE}/session/1/1`, { identity: 'tab-evidence-2', ms: 6 * MINUTE });
    expect(done.status).toBe(200);
    expect(await doneSessions(learner.id, DRAW_COURSE)).toBe(1);
    // Once done, it stays done.
    expect((await complete(cookie, `${DRAW_COURSE}/session/1/1`)).status).toBe(200);
  });

  it('takes a hit’s session from its page address, never from the course, module and session the body names', async () => {
    const learner = ecmUser(3);
    const start = Date.UTC(2026, 3, 15, 8, 0);
    vi.setSystemTime(start);
    const cookie = await signIn(learner);
    // A tab on the catalogue claims its time for triage 1/1 in the body.
    await hit(cookie, 'tab-forged-3', '/it-IT/catalogo-corsi', 0, { course: FIXED_COURSE, module: 1, session: 1 });
    vi.setSystemTime(start + 25 * MINUTE);
    await hit(cookie, 'tab-forged-3', '/it-IT/catalogo-corsi', 25 * MINUTE, { course: FIXED_COURSE, module: 1, session: 1 });
    // A page address of a session that does not exist on the site names none either.
    await hit(cookie, 'tab-forged-3', '/it-IT/course/session/inesistente/1/1', 0);
    vi.setSystemTime(start + 50 * MINUTE);
    await hit(cookie, 'tab-forged-3', '/it-IT/catalogo-corsi', 25 * MINUTE);
    const rows = await env.DB.prepare('SELECT ms, course_id AS courseId FROM hit WHERE user_id = ? ORDER BY created_at')
      .bind(learner.id)
      .all<{ ms: number; courseId: string | null }>();
    expect(rows.results).toEqual([
      { ms: 0, courseId: null },
      { ms: 25 * MINUTE, courseId: null },
      { ms: 0, courseId: null },
      { ms: 25 * MINUTE, courseId: null },
    ]);
    const refused = await complete(cookie, `${FIXED_COURSE}/session/1/1`);
    expect(refused.status).toBe(409);
    expect(await message(refused)).toContain('servono ancora 20 min 0 s');
  });

  it('credits a navigation hit’s time to the page the tab left, whose address the server saw', async () => {
    const learner = ecmUser(4);
    const start = Date.UTC(2026, 3, 16, 8, 0);
    vi.setSystemTime(start);
    const cookie = await signIn(learner);
    const document = `/it-IT/course/session/${FIXED_COURSE}/2/1`; // a document: 10 min 45 s declared, 8 min 36 s needed
    await hit(cookie, 'tab-document-4', document, 0);
    // Five minutes on the document, then the tab moves on: the navigation's hit carries those five minutes.
    vi.setSystemTime(start + 5 * MINUTE);
    await hit(cookie, 'tab-document-4', '/it-IT/catalogo-corsi', 5 * MINUTE);
    const short = await complete(cookie, `${FIXED_COURSE}/session/2/1`);
    expect(short.status).toBe(409);
    expect(await message(short)).toContain('servono ancora 3 min 36 s');
    // Back on the document for four minutes: kept open long enough.
    vi.setSystemTime(start + 6 * MINUTE);
    await hit(cookie, 'tab-document-4', document, MINUTE);
    vi.setSystemTime(start + 10 * MINUTE);
    const done = await complete(cookie, `${FIXED_COURSE}/session/2/1`, { identity: 'tab-document-4', ms: 4 * MINUTE });
    expect(done.status).toBe(200);
  });

  it('counts a video as played only through positions that advanced no faster than the server’s clock', async () => {
    const learner = ecmUser(5);
    const start = Date.UTC(2026, 3, 17, 8, 0);
    vi.setSystemTime(start);
    const cookie = await signIn(learner);
    const path = `${FIXED_COURSE}/session/1/2`; // a video of 40 min 30 s
    const page = `/it-IT/course/session/${FIXED_COURSE}/1/2`;
    const report = async (seconds: number) =>
      outcome<{ watchedTo: number }>(await call(`/api/lms/course/${path}/position`, { method: 'PUT', cookie, body: { seconds } }));
    // The page is open for the whole length of the video, in hits of at most 30 minutes.
    await hit(cookie, 'tab-video-5', page, 0);
    // Play from the start, then a jump to the end ten seconds later: nothing of it counts.
    expect((await report(0)).watchedTo).toBe(0);
    vi.setSystemTime(start + 10_000);
    expect((await report(2_430)).watchedTo).toBe(0);
    // Back to the start, played at twice the speed: 40 s of video in 20 s count nothing.
    vi.setSystemTime(start + 20_000);
    await report(0);
    vi.setSystemTime(start + 40_000);
    expect((await report(40)).watchedTo).toBe(0);
    // Then from the start at real speed, a report every 20 s through the whole video: all of it counts.
    let at = start + 60_000;
    vi.setSystemTime(at);
    await report(0);
    for (let seconds = 20; seconds <= 2_430; seconds = Math.min(seconds + 20, 2_430)) {
      at += 20_000;
      vi.setSystemTime(at);
      const { watchedTo } = await report(seconds);
      expect(watchedTo).toBe(seconds);
      if (seconds === 2_430) break;
      if (seconds === 1_800) await hit(cookie, 'tab-video-5', page, at - start);
    }
    const done = await complete(cookie, path, { identity: 'tab-video-5', ms: at - start - 1_800_000 + 60_000 });
    expect(done.status, await done.clone().text()).toBe(200);
  });

  it('refuses a video session whose time was spent but whose video was skipped through, naming how far it was watched', async () => {
    const learner = ecmUser(6);
    const start = Date.UTC(2026, 3, 18, 8, 0);
    vi.setSystemTime(start);
    const cookie = await signIn(learner);
    const path = `${FIXED_COURSE}/session/1/2`;
    const page = `/it-IT/course/session/${FIXED_COURSE}/1/2`;
    await hit(cookie, 'tab-video-6', page, 0);
    await call(`/api/lms/course/${path}/position`, { method: 'PUT', cookie, body: { seconds: 0 } });
    vi.setSystemTime(start + 20_000);
    await call(`/api/lms/course/${path}/position`, { method: 'PUT', cookie, body: { seconds: 20 } });
    vi.setSystemTime(start + 30_000);
    await call(`/api/lms/course/${path}/position`, { method: 'PUT', cookie, body: { seconds: 2_430 } });
    vi.setSystemTime(start + 30 * MINUTE);
    await hit(cookie, 'tab-video-6', page, 30 * MINUTE);
    vi.setSystemTime(start + 41 * MINUTE);
    const refused = await complete(cookie, path, { identity: 'tab-video-6', ms: 11 * MINUTE });
    expect(refused.status).toBe(409);
    expect(await message(refused)).toBe(
      'Questa sessione non è ancora completata: guarda il video fino alla fine senza saltare parti (visto finora fino a 0:20 di 40:28).',
    );
  });

  it('follows the course’s own share, and asks nothing of a course without ECM credits', async () => {
    const learner = ecmUser(7);
    const cookie = await signIn(learner);
    expect((await complete(cookie, `${PLAIN_COURSE}/session/1/1`)).status).toBe(200);
    await env.DB.prepare('UPDATE course SET session_time_share = 0.25 WHERE id = ? AND site_id = ?').bind(DRAW_COURSE, SITE).run();
    try {
      const refused = await complete(cookie, `${DRAW_COURSE}/session/1/1`);
      expect(await message(refused)).toContain('servono ancora 5 min 0 s');
    } finally {
      await env.DB.prepare('UPDATE course SET session_time_share = NULL WHERE id = ?').bind(DRAW_COURSE).run();
    }
  });

  it('refuses a body that claims time without naming the tab', async () => {
    const cookie = await signIn(ecmUser(8));
    expect((await complete(cookie, `${FIXED_COURSE}/session/1/1`, { ms: 60_000 })).status).toBe(400);
  });
});
