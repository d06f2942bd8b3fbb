import type { D1Database } from '@cloudflare/workers-types';
import { packageDone, type CmiFacts } from '../../core/scorm/runtime.ts';
import { completeSession, type Completion } from '../data/lms/progress.ts';
import type { SessionRef } from '../data/scorm/state.ts';

/**
 * The one place a SCORM package completes its session: when the package says the learner is done
 * (core/scorm/runtime.ts `packageDone`), through the platform's completion path (progress,
 * experience, badges), as the "complete" button does for other sessions. The learning time is
 * the server's tracked visible time (hits), never the package's session time; rules that weigh
 * it (ECM evidence) belong in the completion path, which this calls.
 */
export async function completeFromPackage(
  db: D1Database,
  siteId: string,
  ref: SessionRef,
  facts: Pick<CmiFacts, 'completion' | 'success'>,
  locale: string,
  now: number,
): Promise<Completion | null> {
  if (!packageDone(facts)) return null;
  return completeSession(db, siteId, ref.userId, ref.courseId, ref.moduleNumber, ref.number, locale, now);
}
