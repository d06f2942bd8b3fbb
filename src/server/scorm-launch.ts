import type { D1Database } from '@cloudflare/workers-types';
import { itemKey } from '../../core/scorm/manifest.ts';
import { resumeItem } from '../../core/scorm/resume-item.ts';
import { itemDone, restoredCmi, withManifestData } from '../../core/scorm/runtime.ts';
import { findDraftSessionPackage, findSessionPackage, type StoredPackage } from '../../functions/data/scorm/packages.ts';
import { findScormStates } from '../../functions/data/scorm/state.ts';
import type { ScormLaunch } from '../islands/player/ScormPlayer.tsx';
import type { User } from '../../core/user.ts';
import type { Env } from '../../functions/env.ts';
import { grantFor } from '../../functions/scorm/content-grant.ts';
import { contentOriginOf } from '../../functions/scorm/content-origin.ts';

/** Where the player runs: the content origin and the secret its grants are signed with, and the page framing it. */
export interface LaunchPlace {
  env: Pick<Env, 'SESSION_SECRET' | 'SCORM_CONTENT_ORIGIN'>;
  /** The session page's origin: the only one the package's runtime page talks to and may be framed by. */
  platform: string;
  locale: string;
}

/** Who runs the package, as SCORM names them. */
type Learner = Pick<User, 'id' | 'firstName' | 'lastName'>;

/**
 * What the player needs to run a SCORM session for a learner: the package the session holds now
 * and, to resume each item (SCO) on any device, the CMI data they last committed for it (whatever
 * package version they committed it under), with who they are as SCORM names them, and whether
 * they are done with it. Null when the session has no
 * checked package.
 */
export async function loadScormLaunch(
  place: LaunchPlace,
  db: D1Database,
  siteId: string,
  learner: Learner,
  courseId: string,
  moduleNumber: number,
  number: number,
): Promise<ScormLaunch | null> {
  const found = await findSessionPackage(db, siteId, courseId, moduleNumber, number);
  if (!found) return null;
  const states = await findScormStates(db, { siteId, userId: learner.id, courseId, moduleNumber, number });
  const visits = found.items.map((_, index) => {
    const key = itemKey(found.items, index);
    const state = states.get(key);
    const sameVersion = state !== undefined && (state.version === '1.2') === (found.version === '1.2');
    return {
      key,
      cmi: restoredCmi(found.version, sameVersion ? state.cmi : {}, sameVersion ? state.packageSeconds : 0),
      done: sameVersion && itemDone(found.version, state),
      updatedAt: state?.updatedAt ?? null,
    };
  });
  const runtimes = visits.map(({ key, cmi, done }) => ({ key, cmi, done }));
  return launchOf(place, found, learner, { siteId, courseId, moduleNumber, number }, runtimes, resumeItem(visits), false);
}

/**
 * A session still a draft, for an editor or tester reviewing it: its draft's package from the
 * start, run as for a learner but with nothing kept (the player sends no commits). Null when the
 * draft has no checked package.
 */
export async function loadScormPreview(
  place: LaunchPlace,
  db: D1Database,
  siteId: string,
  reviewer: Learner,
  courseId: string,
  moduleNumber: number,
  number: number,
): Promise<ScormLaunch | null> {
  const found = await findDraftSessionPackage(db, siteId, courseId, moduleNumber, number);
  if (!found) return null;
  const runtimes = found.items.map((_, index) => ({ key: itemKey(found.items, index), cmi: restoredCmi(found.version, {}, 0), done: false }));
  return launchOf(place, found, reviewer, { siteId, courseId, moduleNumber, number }, runtimes, 0, true);
}

async function launchOf(
  place: LaunchPlace,
  found: StoredPackage,
  learner: Learner,
  { siteId, courseId, moduleNumber, number }: { siteId: string; courseId: string; moduleNumber: number; number: number },
  runtimes: ScormLaunch['runtimes'],
  resumeAt: number,
  preview: boolean,
): Promise<ScormLaunch> {
  const name = `${learner.lastName}, ${learner.firstName}`;
  const identified = (cmi: Record<string, unknown>) =>
    found.version === '1.2'
      ? { ...cmi, core: { ...(cmi.core as Record<string, unknown>), student_id: learner.id, student_name: name } }
      : { ...cmi, learner_id: learner.id, learner_name: name };
  const origin = contentOriginOf(place.env);
  // The package's address for this user and session, signed: the content origin sees no cookie.
  const grant =
    origin &&
    (await grantFor(
      place.env.SESSION_SECRET,
      {
        site: siteId,
        user: learner.id,
        course: courseId,
        module: moduleNumber,
        session: number,
        draft: preview,
        version: found.version,
        platform: place.platform,
        locale: place.locale,
      },
      Date.now(),
    ));
  return {
    version: found.version,
    title: found.title,
    items: found.items,
    content: origin && grant ? { origin, ...grant } : null,
    runtimes: runtimes.map((runtime, index) => ({ ...runtime, cmi: identified(withManifestData(found.version, runtime.cmi, found.items[index]?.runtime)) })),
    resumeAt,
    preview,
  };
}
