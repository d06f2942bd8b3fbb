import type { D1Database } from '@cloudflare/workers-types';
import type { AcceptedHit } from '../../core/contracts/event.ts';
import { DEFAULT_LOCALE, localeOfPath } from '../../core/locale.ts';
import { itemKey } from '../../core/scorm/manifest.ts';
import { itemDone } from '../../core/scorm/runtime.ts';
import type { SessionRef } from '../../core/session-ref.ts';
import { completeSession, type Completion } from '../data/lms/progress.ts';
import { findSessionPackage } from '../data/scorm/packages.ts';
import { findScormStates, type ScormState } from '../data/scorm/state.ts';
import { findSessionEvidence } from '../lms/session-evidence.ts';

/** A SCORM session's items (SCOs) by key, and those the learner is done with as the package said; null for another kind. */
export async function scormItems(db: D1Database, ref: SessionRef): Promise<{ keys: string[]; done: string[]; states: Map<string, ScormState> } | null> {
  const found = await findSessionPackage(db, ref.siteId, ref.courseId, ref.moduleNumber, ref.number);
  if (!found) return null;
  const keys = found.items.map((_, index) => itemKey(found.items, index));
  const states = await findScormStates(db, ref);
  const done = keys.filter((key) => {
    const state = states.get(key);
    return state !== undefined && itemDone(found.version, state);
  });
  return { keys, done, states };
}

/**
 * The one place a SCORM package completes its session: when the package says the learner is done
 * with every item (`allDone`: core/scorm/runtime.ts `itemDone` for each SCO) and the server's own evidence suffices (the ECM rule of
 * functions/lms/session-evidence.ts: visible time tracked on the session's page, never the
 * package's session time), through the platform's completion path (progress, experience, badges),
 * as the "complete" button does for other sessions. A package done before that time is kept as
 * the package said, and the session completes when the time is there: at a later commit, or when
 * the page's visible time arrives (`settleScormCompletions`).
 */
export async function completeFromPackage(db: D1Database, ref: SessionRef, allDone: boolean, locale: string, now: number): Promise<Completion | null> {
  if (!allDone) return null;
  const evidence = await findSessionEvidence(db, ref);
  if (!evidence) return null;
  if (!evidence.completed && evidence.missingMs > 0) return null;
  return completeSession(db, ref.siteId, ref.userId, ref.courseId, ref.moduleNumber, ref.number, evidence.categoryId, locale, now);
}

/**
 * Hits just written (functions/hits/hit-writer.ts) may bring a SCORM session's visible time to what
 * its completion waited for, after the package said done and went quiet (it commits nothing more):
 * each such session completes then, with no commit and no reopening needed. Sessions of another
 * kind, or whose package is not done, cost one read. The number completed now.
 */
export async function settleScormCompletions(db: D1Database, hits: readonly AcceptedHit[], now: number): Promise<number> {
  const pending = new Map<string, SessionRef & { locale: string }>();
  for (const hit of hits) {
    if (!hit.userId || !hit.course || hit.module === null || hit.session === null) continue;
    const ref = { siteId: hit.siteId, userId: hit.userId, courseId: hit.course, moduleNumber: hit.module, number: hit.session };
    pending.set(JSON.stringify(ref), { ...ref, locale: localeOfPath(hit.path) ?? DEFAULT_LOCALE });
  }
  let settled = 0;
  for (const { locale, ...ref } of pending.values()) {
    const items = await scormItems(db, ref);
    if (!items || items.keys.length === 0 || items.done.length < items.keys.length) continue;
    if ((await completeFromPackage(db, ref, true, locale, now))?.newlyCompleted) settled += 1;
  }
  return settled;
}
