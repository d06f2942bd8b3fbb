import type { ItemRuntime, ScormVersion } from './manifest.ts';

/**
 * What the platform keeps of a SCORM runtime's CMI data (the object scorm-again commits, `cmi`
 * inside): status, success, score, location, suspend data and the package's own time. Pure, so
 * the player's restore and the server's commit read it the same way.
 */
export interface CmiFacts {
  completion: string;
  success: string;
  scoreScaled: number | null;
  scoreRaw: number | null;
  location: string;
  suspendData: string;
  /** The package's session time, as it reports it: recorded, never trusted over the server's clock. */
  sessionSeconds: number;
  /** The total before this sitting, as the platform restored it (read-only to the package). */
  totalSeconds: number;
}

type Node = Record<string, unknown>;
const node = (value: unknown): Node => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Node) : {});
const str = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const num = (value: unknown): number | null => {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(parsed) ? parsed : null;
};

/** SCORM 1.2 CMITimespan `HHHH:MM:SS.SS`. */
export function seconds12(value: string): number {
  const match = /^(\d{1,4}):([0-5]?\d):([0-5]?\d(?:\.\d{1,2})?)$/.exec(value.trim());
  return match ? Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]) : 0;
}

/** SCORM 2004 timeinterval, ISO 8601 `P[nY][nM][nD][T[nH][nM][n.nS]]` (a year 365 days, a month 30). */
export function seconds2004(value: string): number {
  const match = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(value.trim());
  if (!match) return 0;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  return ((y * 365 + mo * 30 + d) * 24 + h) * 3600 + mi * 60 + s;
}

export const timespan12 = (total: number): string => {
  const whole = Math.max(0, Math.min(Math.round(total), 9999 * 3600));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(Math.floor(whole / 3600)).padStart(4, '0')}:${two(Math.floor((whole % 3600) / 60))}:${two(whole % 60)}`;
};

export const interval2004 = (total: number): string => `PT${Math.max(0, Math.round(total))}S`;

/** The facts of a committed CMI object (its `cmi` root's content). */
export function cmiFacts(version: ScormVersion, cmi: unknown): CmiFacts {
  const root = node(cmi);
  if (version === '1.2') {
    const core = node(root.core);
    const score = node(core.score);
    const raw = num(score.raw);
    const max = num(score.max) ?? 100;
    const min = num(score.min) ?? 0;
    const status = str(core.lesson_status) || 'not attempted';
    return {
      completion: status,
      success: status === 'passed' || status === 'failed' ? status : 'unknown',
      scoreScaled: raw === null || max <= min ? null : Math.max(0, Math.min(1, (raw - min) / (max - min))),
      scoreRaw: raw,
      location: str(core.lesson_location),
      suspendData: str(root.suspend_data),
      sessionSeconds: seconds12(str(core.session_time)),
      totalSeconds: seconds12(str(core.total_time)),
    };
  }
  const score = node(root.score);
  const scaled = num(score.scaled);
  return {
    completion: str(root.completion_status) || 'unknown',
    success: str(root.success_status) || 'unknown',
    scoreScaled: scaled === null ? null : Math.max(-1, Math.min(1, scaled)),
    scoreRaw: num(score.raw),
    location: str(root.location),
    suspendData: str(root.suspend_data),
    sessionSeconds: seconds2004(str(root.session_time)),
    totalSeconds: seconds2004(str(root.total_time)),
  };
}

/**
 * Whether the package says the learner is done: 1.2 `completed` or `passed`; 2004 completion
 * `completed` or success `passed`. A failed test is not done: the learner may try again.
 */
export function packageDone(facts: Pick<CmiFacts, 'completion' | 'success'>): boolean {
  if (facts.success === 'failed') return false;
  return facts.completion === 'completed' || facts.completion === 'passed' || facts.success === 'passed';
}

/**
 * Whether the learner is done with one item (SCO) of a package: in 1.2 `packageDone`; in 2004 its
 * `completion_status` completed and its success not failed. A session completes when every item is.
 */
export function itemDone(version: ScormVersion, facts: Pick<CmiFacts, 'completion' | 'success'>): boolean {
  if (version === '1.2') return packageDone(facts);
  return facts.completion === 'completed' && facts.success !== 'failed';
}

/**
 * The CMI object a new attempt of the session starts from: what was committed, less what belongs
 * to one sitting (its session time and exit), with the total time the platform recorded and, when
 * the learner had left something to come back to, `entry` set to resume.
 */
export function restoredCmi(version: ScormVersion, cmi: unknown, totalSeconds: number): Node {
  const root = structuredClone(node(cmi));
  if (version === '1.2') {
    const core = { ...node(root.core) };
    delete core.session_time;
    delete core.exit;
    core.total_time = timespan12(totalSeconds);
    core.entry = str(core.lesson_location) || str(root.suspend_data) ? 'resume' : 'ab-initio';
    return { ...root, core };
  }
  delete root.session_time;
  delete root.exit;
  root.total_time = interval2004(totalSeconds);
  root.entry = str(root.location) || str(root.suspend_data) ? 'resume' : 'ab-initio';
  return root;
}

/**
 * Whether a SCORM 2004 attempt's content reported nothing of its own progress: no completion or
 * success, no score, progress, location or suspend data. Such an item (a page that only initializes
 * and terminates) the LMS completes as the attempt ends when its manifest leaves completion to the
 * LMS (`completionSetByContent` false); one that tracks anything completes itself, so leaving a
 * course early never completes it for the learner.
 */
export function reportsNothing(cmi: unknown): boolean {
  const root = node(cmi);
  const score = node(root.score);
  return (
    [str(root.completion_status), str(root.success_status)].every((status) => status === '' || status === 'unknown') &&
    [score.raw, score.scaled, root.progress_measure, root.location, root.suspend_data].every((value) => str(value) === '')
  );
}

/**
 * An item's CMI data with what its manifest hands the runtime (core/scorm/manifest.ts
 * `ItemRuntime`): the values the LMS owns (launch data, 1.2 mastery score, 2004 passing score and
 * completion threshold) as the package now says, and its 2004 objectives by identifier, added after
 * those the learner's data holds already (a package looks them up by identifier, never by place).
 */
export function withManifestData(version: ScormVersion, cmi: Node, runtime: ItemRuntime | undefined): Node {
  if (!runtime) return cmi;
  const root: Node = { ...cmi };
  if (runtime.launchData) root.launch_data = runtime.launchData;
  if (version === '1.2') {
    if (runtime.masteryScore) root.student_data = { ...node(root.student_data), mastery_score: runtime.masteryScore };
    return root;
  }
  if (runtime.scaledPassingScore) root.scaled_passing_score = runtime.scaledPassingScore;
  if (runtime.completionThreshold) root.completion_threshold = runtime.completionThreshold;
  if (runtime.objectives?.length) {
    // Committed data holds them as scorm-again renders a list (an object by index), older data perhaps as an array.
    const held = Object.values(Array.isArray(root.objectives) ? { ...(root.objectives as unknown[]) } : node(root.objectives)).map(node);
    const known = new Set(held.map((objective) => str(objective.id)));
    const objectives = [...held, ...runtime.objectives.filter((id) => !known.has(id)).map((id) => ({ id }))];
    root.objectives = Object.fromEntries(objectives.map((objective, index) => [String(index), objective]));
  }
  return root;
}
