import { clockTime } from '../../core/resume.ts';
import { minutesAndSeconds, sessionEvidence, timeShare, type SessionEvidence } from '../../core/session-evidence.ts';
import type { SessionRef } from '../../core/session-ref.ts';
import type { D1Database } from '@cloudflare/workers-types';
import { readEvidence, type EvidenceRow } from '../data/lms/evidence.ts';
import { HttpError } from '../http-error.ts';
import type { Language } from '../messages.ts';
import { lmsMessage } from './messages.ts';

/** What completing a session needs besides its evidence: whether it is done, and its course's category. */
export type FoundEvidence = SessionEvidence & { completed: boolean; categoryId: string; kind: string; isEcm: boolean };

/** The evidence the server holds for a learner's session (core/session-evidence.ts), or null when there is no such session. */
export async function findSessionEvidence(db: D1Database, ref: SessionRef): Promise<FoundEvidence | null> {
  return foundEvidence(await readEvidence(db, ref.siteId, ref.userId, ref.courseId, ref.moduleNumber, ref.number));
}

/** findSessionEvidence on a row read already (the session's page reads it in its own batch). */
export function foundEvidence(row: EvidenceRow | null): FoundEvidence | null {
  if (!row) return null;
  const evidence = sessionEvidence({
    kind: row.kind,
    declaredSeconds: row.declaredSeconds,
    share: timeShare(row.courseShare, row.isEcm),
    trackedMs: row.trackedMs,
    watch: row.watch,
  });
  return { ...evidence, completed: row.completed, categoryId: row.categoryId, kind: row.kind, isEcm: row.isEcm };
}

/**
 * The one gate every way of completing a session goes through (the player's "complete", a SCORM
 * package's status): a 404 when there is no such session, a 409 in the learner's language saying
 * what is still missing when the evidence falls short. A session done already stays done.
 */
export async function requireSessionEvidence(db: D1Database, ref: SessionRef, language: Language): Promise<FoundEvidence> {
  const evidence = await findSessionEvidence(db, ref);
  if (!evidence) throw new HttpError(404, lmsMessage('sessionNotFound', language, { id: `${ref.courseId}/${ref.moduleNumber}/${ref.number}` }));
  if (evidence.completed) return evidence;
  if (evidence.missingMs > 0) {
    const { minutes, seconds } = minutesAndSeconds(evidence.missingMs);
    throw new HttpError(409, lmsMessage('sessionTimeMissing', language, { minutes: String(minutes), seconds: String(seconds) }));
  }
  if (evidence.video && evidence.video.watchedSeconds < evidence.video.requiredSeconds) {
    throw new HttpError(
      409,
      lmsMessage('sessionVideoUnwatched', language, { watched: clockTime(evidence.video.watchedSeconds), required: clockTime(evidence.video.requiredSeconds) }),
    );
  }
  return evidence;
}
