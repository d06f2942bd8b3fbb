import type { D1Database } from '@cloudflare/workers-types';
import type { SessionRef } from '../../core/session-ref.ts';
import { completeSession, type Completion } from '../data/lms/progress.ts';
import { HttpError } from '../http-error.ts';
import type { Language } from '../messages.ts';
import { scormItems } from '../scorm/scorm-completion.ts';
import { lmsMessage } from './messages.ts';
import { requireSessionEvidence } from './session-evidence.ts';

/**
 * Completes a learner's session once what it asks is met (time, the video played through; for a
 * SCORM session, the package's own items): the API's call and the session page's plain form.
 * Throws an HttpError that says what is still missing.
 */
export async function finishSession(db: D1Database, ref: SessionRef, language: Language, locale: string, now: number): Promise<Completion> {
  const evidence = await requireSessionEvidence(db, ref, language);
  // A SCORM session is the package's to finish: the page may only bring the time it still waited for.
  // (A SCORM session without a checked package, or with no item, is never done from here.)
  if (evidence.kind === 'scorm' && !evidence.completed) {
    const items = await scormItems(db, ref);
    if (!items || items.keys.length === 0 || items.done.length < items.keys.length) throw new HttpError(409, lmsMessage('sessionPackageNotDone', language));
  }
  return completeSession(db, ref.siteId, ref.userId, ref.courseId, ref.moduleNumber, ref.number, evidence.categoryId, locale, now);
}
