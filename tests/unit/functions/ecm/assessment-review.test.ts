import { describe, expect, it } from 'vitest';
import { passedAttemptReview } from '../../../../functions/ecm/assessment-review.ts';
import type { Attempt } from '../../../../functions/data/ecm/attempts.ts';

const option = (id: string) => ({ id, text: `Opzione ${id}` });

describe('passedAttemptReview', () => {
  it("gives each question of the passed attempt with the learner's answer and the correct option, and the score", () => {
    const attempt: Attempt = {
      id: 'a'.repeat(16),
      userId: 'u',
      courseId: 'c',
      number: 2,
      locale: 'it-IT',
      questions: [
        { id: 'q1', text: 'Prima', options: [option('a'), option('b')], correct: 'a', session: '1.1' },
        { id: 'q2', text: 'Seconda', options: [option('c'), option('d')], correct: 'd' },
        { id: 'q3', text: 'Terza', options: [option('e'), option('f')], correct: 'e' },
      ],
      answers: { q1: 'a', q2: 'c' },
      startedAt: 1,
      submittedAt: 2,
      correct: 1,
      total: 3,
      passed: true,
      edition: 1,
    };
    expect(passedAttemptReview(attempt)).toEqual({
      score: 33,
      questions: [
        { id: 'q1', text: 'Prima', options: [option('a'), option('b')], correct: 'a', answer: 'a' },
        { id: 'q2', text: 'Seconda', options: [option('c'), option('d')], correct: 'd', answer: 'c' },
        { id: 'q3', text: 'Terza', options: [option('e'), option('f')], correct: 'e', answer: null },
      ],
    });
  });
});
