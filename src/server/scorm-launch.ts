import type { D1Database } from '@cloudflare/workers-types';
import { packageBase } from '../../core/scorm/package-path.ts';
import { restoredCmi } from '../../core/scorm/runtime.ts';
import { findDraftSessionPackage, findSessionPackage, type StoredPackage } from '../../functions/data/scorm/packages.ts';
import { findScormState } from '../../functions/data/scorm/state.ts';
import type { ScormLaunch } from '../islands/player/ScormPlayer.tsx';
import type { User } from '../../core/user.ts';

/** Who runs the package, as SCORM names them. */
type Learner = Pick<User, 'id' | 'firstName' | 'lastName'>;

/**
 * What the player needs to run a SCORM session for a learner: the package the session holds now
 * and, to resume on any device, the CMI data they last committed (whatever package version they
 * committed it under), with who they are as SCORM names them. Null when the session has no
 * checked package.
 */
export async function loadScormLaunch(
  db: D1Database,
  siteId: string,
  learner: Learner,
  courseId: string,
  moduleNumber: number,
  number: number,
): Promise<ScormLaunch | null> {
  const found = await findSessionPackage(db, siteId, courseId, moduleNumber, number);
  if (!found) return null;
  const state = await findScormState(db, { siteId, userId: learner.id, courseId, moduleNumber, number });
  const sameVersion = state && (state.version === '1.2') === (found.version === '1.2');
  const cmi = restoredCmi(found.version, sameVersion ? state.cmi : {}, sameVersion ? state.packageSeconds : 0);
  return launchOf(found, learner, courseId, moduleNumber, number, cmi, false);
}

/**
 * A session still a draft, for an editor or tester reviewing it: its draft's package from the
 * start, run as for a learner but with nothing kept (the player sends no commits). Null when the
 * draft has no checked package.
 */
export async function loadScormPreview(
  db: D1Database,
  siteId: string,
  reviewer: Learner,
  courseId: string,
  moduleNumber: number,
  number: number,
): Promise<ScormLaunch | null> {
  const found = await findDraftSessionPackage(db, siteId, courseId, moduleNumber, number);
  return found ? launchOf(found, reviewer, courseId, moduleNumber, number, restoredCmi(found.version, {}, 0), true) : null;
}

function launchOf(
  found: StoredPackage,
  learner: Learner,
  courseId: string,
  moduleNumber: number,
  number: number,
  cmi: Record<string, unknown>,
  preview: boolean,
): ScormLaunch {
  const name = `${learner.lastName}, ${learner.firstName}`;
  const identified =
    found.version === '1.2'
      ? { ...cmi, core: { ...(cmi.core as Record<string, unknown>), student_id: learner.id, student_name: name } }
      : { ...cmi, learner_id: learner.id, learner_name: name };
  return { version: found.version, title: found.title, items: found.items, base: packageBase(courseId, moduleNumber, number), cmi: identified, preview };
}
