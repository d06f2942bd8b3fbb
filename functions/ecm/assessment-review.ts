import { scorePercent } from '../../core/ecm/assessment-rules.ts';
import type { AssessmentReview } from '../../core/contracts/ecm.ts';
import type { Attempt } from '../data/ecm/attempts.ts';

/**
 * A passed attempt with each question's correct option and the learner's answer. Only ever built
 * from the passed attempt (the API's review call, the ECM page): a failed one names sessions to go
 * over, never the answers (README "After a failed attempt").
 */
export function passedAttemptReview(attempt: Attempt): AssessmentReview {
  return {
    score: scorePercent(attempt.correct ?? 0, attempt.total ?? 0),
    questions: attempt.questions.map(({ id, text, options, correct }) => ({ id, text, options, correct, answer: attempt.answers[id] ?? null })),
  };
}
