import type { EcmStatus } from '../contracts/ecm.ts';

/**
 * What a learner is told at an ECM step, as an interface string key and its values: why the
 * assessment is not open yet (`blocked`), or the step to go on to (`next`, a link to the ECM
 * page). Null once the certificate is issued. The course page and the ECM page both say it so.
 */
export type EcmStepMessage =
  | { kind: 'blocked'; key: 'ecm.sessionsMissing' | 'ecm.timeMissing' | 'ecm.exhausted'; values: Record<string, number> }
  | { kind: 'next'; key: 'ecm.toAssessment' | 'ecm.toSatisfaction' | 'ecm.toCertificate'; values: Record<string, number> };

export function ecmStepMessage(status: Pick<EcmStatus, 'step' | 'sessions' | 'missingMinutes'>): EcmStepMessage | null {
  switch (status.step) {
    case 'sessions':
      return { kind: 'blocked', key: 'ecm.sessionsMissing', values: { done: status.sessions.done, total: status.sessions.total } };
    case 'time':
      return { kind: 'blocked', key: 'ecm.timeMissing', values: { minutes: status.missingMinutes } };
    case 'exhausted':
      return { kind: 'blocked', key: 'ecm.exhausted', values: {} };
    case 'assessment':
      return { kind: 'next', key: 'ecm.toAssessment', values: {} };
    case 'satisfaction':
      return { kind: 'next', key: 'ecm.toSatisfaction', values: {} };
    case 'profile':
    case 'certificate':
      return { kind: 'next', key: 'ecm.toCertificate', values: {} };
    case 'done':
      return null;
  }
}
