/**
 * The national rules for the learning assessment of a distance-learning (FAD) ECM course, as the
 * ECM commission publishes them: multiple choice, at least 3 questions per credit, 4 options with
 * one correct, passed at 75 % correct, at most 5 attempts when every attempt asks the same
 * questions, unlimited only when each attempt draws a substantially different set.
 */
export const QUESTIONS_PER_CREDIT = 3;
export const OPTIONS_PER_QUESTION = 4;
export const MAX_FIXED_ATTEMPTS = 5;
/** The share of correct answers, in percent, that passes. */
export const PASS_PERCENT = 75;
/**
 * A 'draw' bank holds at least twice the questions an attempt asks, so that each attempt can ask
 * only questions the previous attempt did not: that is what "substantially different" means here.
 */
export const DRAW_BANK_FACTOR = 2;

export type AssessmentMode = 'fixed' | 'draw';

/** Questions an attempt asks: 3 per credit, rounded up (10.5 credits: 32). */
export function requiredQuestions(credits: number): number {
  // Credits have at most a few decimals; rounding first keeps 0.1 * 3 from becoming 0.30000000000000004.
  return Math.ceil(Math.round(credits * QUESTIONS_PER_CREDIT * 1000) / 1000);
}

/** The smallest bank a course may publish in a mode. */
export function minimumBankSize(credits: number, mode: AssessmentMode): number {
  return requiredQuestions(credits) * (mode === 'draw' ? DRAW_BANK_FACTOR : 1);
}

/** Passed with at least 75 % correct answers, counted in whole numbers so no rounding can pass a 74.9 %. */
export function isPassed(correct: number, total: number): boolean {
  return total > 0 && correct * 100 >= total * PASS_PERCENT;
}

/** The score shown, in whole percent, rounded down: it never shows 75 for an attempt that failed. */
export function scorePercent(correct: number, total: number): number {
  return total > 0 ? Math.floor((correct * 100) / total) : 0;
}

/** Attempts still allowed, the open one included; null when unlimited. */
export function attemptsLeft(mode: AssessmentMode, submitted: number): number | null {
  return mode === 'fixed' ? Math.max(0, MAX_FIXED_ATTEMPTS - submitted) : null;
}

/** Minutes of tracked learning still missing under the optional time rule (0 when met or off). */
export function missingMinutes(trackedMs: number, declaredMs: number, minShare: number | null): number {
  if (minShare === null) return 0;
  const needed = declaredMs * minShare;
  return trackedMs >= needed ? 0 : Math.ceil((needed - trackedMs) / 60_000);
}
