import type { AssessmentResult, EcmStatus, ReviewSession } from '../contracts/ecm.ts';
import type { DrawnQuestion } from './draw-attempt.ts';

/**
 * The sessions to go over after a failed attempt (`module.session` keys): those the wrongly
 * answered questions come from, each once. Neither which questions were wrong nor the right
 * answers: the learner is sent back to the lessons, and with the same questions in 'fixed' mode a
 * list of wrong questions would give the next attempt away.
 */
export function sessionsToReview(questions: readonly DrawnQuestion[], answers: Record<string, string>): Set<string> {
  return new Set(questions.flatMap((question) => (answers[question.id] !== question.correct && question.session ? [question.session] : [])));
}

/** A course's outline as the learner sees it: modules in order, each with its sessions in order. */
interface OutlineModule {
  position: number;
  sessions: readonly { moduleNumber: number; number: number; title: string }[];
}

/** The sessions named by `keys` (`module.session`), in the course's order; unknown or removed ones are left out. */
export function reviewSessionsIn(modules: readonly OutlineModule[], keys: ReadonlySet<string>): ReviewSession[] {
  return modules.flatMap((module) =>
    module.sessions
      .filter((session) => keys.has(`${session.moduleNumber}.${session.number}`))
      .map((session) => ({ moduleNumber: session.moduleNumber, number: session.number, modulePosition: module.position, title: session.title })),
  );
}

/**
 * The last failed attempt's result, as the submit answered it, for a learner who comes back to the
 * ECM page before trying again: the score, the attempts left and the sessions to go over.
 */
export function lastFailedResult(status: EcmStatus, failedReview: Set<string> | null, modules: readonly OutlineModule[]): AssessmentResult | null {
  // 'exhausted': no attempt left, the sessions to go over still stand (the island says no attempt is left).
  if (!failedReview || !status.lastResult || (status.step !== 'assessment' && status.step !== 'exhausted')) return null;
  return { ...status.lastResult, attemptsLeft: status.attemptsLeft, review: reviewSessionsIn(modules, failedReview) };
}
