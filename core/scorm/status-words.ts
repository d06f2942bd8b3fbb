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
