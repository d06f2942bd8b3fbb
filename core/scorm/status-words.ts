import type { Translate } from '../translate.ts';

/** The statuses a package may report (SCORM 1.2 lesson_status, 2004 completion and success), each with an interface string. */
export const SCORM_STATUSES = ['completed', 'passed', 'failed', 'incomplete', 'browsed', 'not attempted', 'unknown'] as const;
type ScormStatus = (typeof SCORM_STATUSES)[number];

const known = (status: string): ScormStatus =>
  ((SCORM_STATUSES as readonly string[]).find((candidate) => candidate === status) as ScormStatus | undefined) ?? 'unknown';

/**
 * What a package's state says, as status names to show in order: its completion, then its success
 * when it reported one that the completion does not already say. A 2004 test completed and failed
 * is ['completed', 'failed'], never just "completed"; a 1.2 'passed' is ['passed'].
 */
export function scormStatusWords(completion: string, success: string): ScormStatus[] {
  const done = known(completion);
  if ((success !== 'passed' && success !== 'failed') || done === success) return [done];
  return [done, success];
}

/** The status words in the reader's language (interface strings `staff.report.scormStatus.*`), joined. */
export function scormStatusText(t: Translate, completion: string, success: string): string {
  return scormStatusWords(completion, success)
    .map((word) => t(`staff.report.scormStatus.${word}`))
    .join(', ');
}

/** What a SCORM session's items reported, as one status: what a learner's course page shows. */
export interface ScormSessionStatus {
  completion: string;
  success: string;
  /** The mean of the items' scaled scores that reported one, or null. */
  scoreScaled: number | null;
}

/**
 * One session's status from its items' (SCOs') states: one item speaks for itself; several are
 * completed only when each is (else "incomplete"), failed when one failed, passed when each passed.
 */
export function scormSessionStatus(items: readonly ScormSessionStatus[]): ScormSessionStatus | null {
  const [first] = items;
  if (!first) return null;
  const scores = items.map((item) => item.scoreScaled).filter((score): score is number => score !== null);
  const scoreScaled = scores.length > 0 ? scores.reduce((sum, score) => sum + score, 0) / scores.length : null;
  if (items.length === 1) return { ...first, scoreScaled };
  const done = (item: ScormSessionStatus) => ['completed', 'passed', 'failed'].includes(item.completion);
  const completion = items.every(done) ? 'completed' : 'incomplete';
  const success = items.some((item) => item.success === 'failed' || item.completion === 'failed')
    ? 'failed'
    : items.every((item) => item.success === 'passed' || item.completion === 'passed')
      ? 'passed'
      : 'unknown';
  return { completion, success, scoreScaled };
}

/**
 * A report's name for one item's state: its session as `module.session`, and the item's manifest
 * identifier when the session's package has several items (each has a row), joined by `separator`.
 */
export function scormItemLabel(
  entry: { module: number; session: number; item: string },
  all: readonly { module: number; session: number }[],
  separator: string,
): string {
  const session = `${entry.module}.${entry.session}`;
  const siblings = all.filter((other) => other.module === entry.module && other.session === entry.session).length;
  return siblings > 1 && entry.item ? `${session}${separator}${entry.item}` : session;
}
