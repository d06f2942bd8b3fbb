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
