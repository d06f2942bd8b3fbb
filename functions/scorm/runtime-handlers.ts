import type { z } from 'zod';
import type { sessionParams } from '../../core/contracts/lms.ts';
import type { ScormCommit, ScormCommitted } from '../../core/contracts/scorm.ts';
import { cmiFacts } from '../../core/scorm/runtime.ts';
import type { ApiContext } from '../api-context.ts';
import { findSessionPackage } from '../data/scorm/packages.ts';
import { findScormState, saveCommitStatement } from '../data/scorm/state.ts';
import { HttpError } from '../http-error.ts';
import { scormMessage } from './messages.ts';
import { completeFromPackage } from './scorm-completion.ts';

/**
 * A commit of a SCORM session's runtime (the player sends one every 5 s while data changed, on
 * the package's own commits and when the page is left): its CMI data kept for any device, and the
 * session completed once the package says the learner is done.
 */
export async function putScormCommit(
  context: ApiContext,
  { param, json }: { param: z.output<typeof sessionParams>; json: ScormCommit },
): Promise<ScormCommitted> {
  const { user } = await context.requireSession();
  const { env, language } = context;
  const found = await findSessionPackage(env.DB, context.siteId, param.courseId, param.module, param.session);
  if (!found) throw new HttpError(404, scormMessage('scormSessionNotFound', language, { id: `${param.courseId}/${param.module}/${param.session}` }));
  const ref = { userId: user.id, courseId: param.courseId, moduleNumber: param.module, number: param.session };
  const facts = cmiFacts(found.version, json.cmi);
  const saved = await saveCommitStatement(env.DB, ref, {
    version: found.version,
    facts,
    packageSeconds: facts.totalSeconds + facts.sessionSeconds,
    cmi: json.cmi,
    attempt: json.attempt,
    sequence: json.sequence,
    now: context.now,
  }).first<{ completion: string; success: string; scoreScaled: number | null }>();
  // A retry that arrived after a later commit: what is kept stands.
  const kept = saved ?? (await findScormState(env.DB, ref));
  const state = { completion: kept?.completion ?? facts.completion, success: kept?.success ?? facts.success };
  const completion = await completeFromPackage(env.DB, context.siteId, ref, state, context.localeCode, context.now);
  return { ...state, scoreScaled: kept?.scoreScaled ?? null, completed: completion !== null, newlyCompleted: completion?.newlyCompleted ?? false };
}
