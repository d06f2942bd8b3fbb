import type { z } from 'zod';
import type { sessionParams } from '../../core/contracts/lms.ts';
import type { ScormCommit, ScormCommitted, ScormGrant } from '../../core/contracts/scorm.ts';
import { itemKey } from '../../core/scorm/manifest.ts';
import { cmiFacts } from '../../core/scorm/runtime.ts';
import type { ApiContext } from '../api-context.ts';
import { findSessionPackage } from '../data/scorm/packages.ts';
import { saveCommitStatement } from '../data/scorm/state.ts';
import { HttpError } from '../http-error.ts';
import { scormMessage } from './messages.ts';
import { completeFromPackage, scormItems } from './scorm-completion.ts';
import { grantFor } from './content-grant.ts';
import { contentOriginOf } from './content-origin.ts';

/**
 * A commit of a SCORM session's runtime (the player sends one every 5 s while data changed, on
 * the package's own commits and when the page is left) for one item (SCO) of the package: its CMI
 * data kept per item for any device, and the session completed once every item is done.
 */
export async function putScormCommit(
  context: ApiContext,
  { param, json }: { param: z.output<typeof sessionParams>; json: ScormCommit },
): Promise<ScormCommitted> {
  const { user } = await context.requireSession();
  const { env, language } = context;
  const found = await findSessionPackage(env.DB, context.siteId, param.courseId, param.module, param.session);
  if (!found) throw new HttpError(404, scormMessage('scormSessionNotFound', language, { id: `${param.courseId}/${param.module}/${param.session}` }));
  const keys = found.items.map((_, index) => itemKey(found.items, index));
  const item = json.item ?? keys[0] ?? '';
  // An item the package does not have (a page of an older package, a forged commit): refused, nothing kept.
  if (!keys.includes(item)) throw new HttpError(422, scormMessage('scormItemUnknown', language, { id: item.slice(0, 200) }));
  const ref = { siteId: context.siteId, userId: user.id, courseId: param.courseId, moduleNumber: param.module, number: param.session };
  const facts = cmiFacts(found.version, json.cmi);
  await saveCommitStatement(env.DB, ref, {
    item,
    version: found.version,
    facts,
    packageSeconds: facts.totalSeconds + facts.sessionSeconds,
    cmi: json.cmi,
    attempt: json.attempt,
    sequence: json.sequence,
    now: context.now,
  }).run();
  // What stands after it (a retry that arrived after a later commit changes nothing), for every item.
  const { states, done: itemsDone } = (await scormItems(env.DB, ref)) ?? { states: new Map<string, never>(), done: [] };
  const kept = states.get(item);
  const state = { completion: kept?.completion ?? facts.completion, success: kept?.success ?? facts.success };
  const allDone = keys.length > 0 && itemsDone.length === keys.length;
  const completion = await completeFromPackage(env.DB, ref, allDone, context.localeCode, context.now);
  return {
    ...state,
    scoreScaled: kept?.scoreScaled ?? null,
    completed: completion !== null,
    newlyCompleted: completion?.newlyCompleted ?? false,
    itemsDone,
  };
}

/**
 * A fresh grant for the session's live package, for the session page that asks (its origin, the
 * only one the runtime talks to and may be framed by): a page left open nears its grant's expiry,
 * after which the package's next files would be refused. The course's entry is the route's check
 * (`enrolled`), as for a commit.
 */
export async function postScormGrant(context: ApiContext, { param }: { param: z.output<typeof sessionParams> }): Promise<ScormGrant> {
  const { user } = await context.requireSession();
  const { env, language } = context;
  const found = await findSessionPackage(env.DB, context.siteId, param.courseId, param.module, param.session);
  if (!found || !contentOriginOf(env))
    throw new HttpError(404, scormMessage('scormSessionNotFound', language, { id: `${param.courseId}/${param.module}/${param.session}` }));
  const terms = {
    site: context.siteId,
    user: user.id,
    course: param.courseId,
    module: param.module,
    session: param.session,
    draft: false,
    version: found.version,
    platform: new URL(context.request.url).origin,
    locale: context.localeCode,
  };
  return grantFor(env.SESSION_SECRET, terms, context.now);
}
