import { env } from 'cloudflare:workers';
import { recordHits } from '../../functions/data/hits/hits.ts';
import { acceptHit } from '../../functions/hits/hit-writer.ts';
import { savePosition } from '../../functions/data/lms/positions.ts';
import { readEvidence } from '../../functions/data/lms/evidence.ts';
import { SITE } from './fixtures.ts';
import { IDLE_CAP_MS } from '../../core/visible-time.ts';

/**
 * A learner who studied a session before the test (`throughWriter`: the hits go through the API's
 * hit writer, as a learner's do): its page opened and left after its whole
 * declared duration (two hits through the same writer as the API's, at past times, so the server's
 * clocks credit them), and a video played through at real speed. The evidence completing a session
 * asks for (core/session-evidence.ts), given the way a real learner gives it, only earlier.
 */
export async function studySession(
  userId: string,
  courseId: string,
  moduleNumber: number,
  number: number,
  { throughWriter = false }: { throughWriter?: boolean } = {},
): Promise<void> {
  const row = await readEvidence(env.DB, SITE, userId, courseId, moduleNumber, number);
  if (!row) throw new Error(`no session ${courseId}/${moduleNumber}/${number}`);
  const ms = row.declaredSeconds * 1000;
  // Each study comes after the learner's latest credited time (their clock across tabs), within
  // the last month: time is never counted twice, so studies follow each other.
  const clock = await env.DB.prepare("SELECT credited_to AS at FROM hit_clock WHERE site_id = ? AND owner = ? AND identity = ''")
    .bind(SITE, userId)
    .first<{ at: number }>();
  const opened = Math.max(Date.now() - 30 * 86_400_000, (clock?.at ?? 0) + 60_000);
  const left = opened + ms;
  if (left > Date.now()) throw new Error('the learner has no past time left to study in');
  const identity = `studied-${crypto.randomUUID()}`;
  const hit = {
    siteId: SITE,
    userId,
    identity,
    ua: 'test',
    origin: 'web',
    path: `/it-IT/course/session/${courseId}/${moduleNumber}/${number}`,
    device: 'windows',
    course: courseId,
    module: moduleNumber,
    session: number,
  };
  // No hit claims more than IDLE_CAP_MS: a long session's time arrives in several (the page hidden and shown again).
  const hits = [{ ...hit, receipt: crypto.randomUUID(), claimedMs: 0, at: opened }];
  for (let at = opened; at < left;) {
    const next = Math.min(left, at + IDLE_CAP_MS);
    hits.push({ ...hit, receipt: crypto.randomUUID(), claimedMs: next - at, at: next });
    at = next;
  }
  // Through the hit writer (functions/hits/hit-writer.ts), as the API's hits go, with what it does after writing; else straight to the table.
  if (throughWriter) for (const each of hits) await acceptHit({ ...env, HIT_WRITES: 'direct' }, each);
  else await recordHits(env.DB, hits);
  if (row.kind === 'video') {
    const seconds = row.declaredSeconds;
    await savePosition(env.DB, SITE, userId, courseId, moduleNumber, number, seconds, left, { watchedTo: seconds, lastSeconds: seconds, lastAt: left });
  }
}
