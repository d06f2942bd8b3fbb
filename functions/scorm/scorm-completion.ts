import type { D1Database } from '@cloudflare/workers-types';
import { completeSession, type Completion } from '../data/lms/progress.ts';
import type { SessionRef } from '../../core/session-ref.ts';
import { findSessionEvidence } from '../lms/session-evidence.ts';

/**
 * The one place a SCORM package completes its session: when the package says the learner is done
 * with every item (`allDone`: core/scorm/runtime.ts `itemDone` for each SCO) and the server's own evidence suffices (the ECM rule of
 * functions/lms/session-evidence.ts: visible time tracked on the session's page, never the
 * package's session time), through the platform's completion path (progress, experience, badges),
 * as the "complete" button does for other sessions. A package done before that time is kept as
 * the package said; a later commit (every 5 s while the package changes its data, and on leaving) completes
 * the session once the time is there.
 */
export async function completeFromPackage(db: D1Database, ref: SessionRef, allDone: boolean, locale: string, now: number): Promise<Completion | null> {
  if (!allDone) return null;
  const evidence = await findSessionEvidence(db, ref);
  if (!evidence) return null;
  if (!evidence.completed && evidence.missingMs > 0) return null;
  return completeSession(db, ref.siteId, ref.userId, ref.courseId, ref.moduleNumber, ref.number, evidence.categoryId, locale, now);
}
