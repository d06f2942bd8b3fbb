import { describe, expect, it } from 'vitest';
import { lastFailedResult, reviewSessionsIn, sessionsToReview } from '../../../../core/ecm/review-sessions.ts';
import type { EcmStatus } from '../../../../core/contracts/ecm.ts';
import type { DrawnQuestion } from '../../../../core/ecm/draw-attempt.ts';

const question = (id: string, session: string | null | undefined): DrawnQuestion => ({
  id,
  text: id,
  options: [
    { id: 'a', text: 'A' },
    { id: 'b', text: 'B' },
  ],
  correct: 'a',
  ...(session === undefined ? {} : { session }),
});

describe('the sessions to go over after a failed attempt', () => {
  it('names each session a wrong answer comes from once, and none a right answer comes from', () => {
    const questions = [
      question('q1', '1.1'),
      question('q2', '1.1'),
      question('q3', '2.1'),
      question('q4', '2.2'),
      question('q5', null),
      question('q6', undefined),
    ];
    const answers = { q1: 'b', q2: 'b', q3: 'a', q4: 'b', q5: 'b', q6: 'b' };
    expect([...sessionsToReview(questions, answers)]).toEqual(['1.1', '2.2']);
  });

  it("lists them in the course's order with the module's place, leaving out sessions the course no longer has", () => {
    const modules = [
      {
        position: 1,
        sessions: [
          { moduleNumber: 3, number: 1, title: 'Primo' },
          { moduleNumber: 3, number: 4, title: 'Secondo' },
        ],
      },
      { position: 2, sessions: [{ moduleNumber: 1, number: 2, title: 'Terzo' }] },
    ];
    expect(reviewSessionsIn(modules, new Set(['1.2', '3.4', '9.9']))).toEqual([
      { moduleNumber: 3, number: 4, modulePosition: 1, title: 'Secondo' },
      { moduleNumber: 1, number: 2, modulePosition: 2, title: 'Terzo' },
    ]);
  });

  it('gives a returning learner the last failed result while another attempt may be sat, or none is left, and not once the step moved on', () => {
    const modules = [{ position: 1, sessions: [{ moduleNumber: 1, number: 1, title: 'Primo' }] }];
    const status = (step: EcmStatus['step'], attemptsLeft: number | null): EcmStatus => ({
      courseId: 'c',
      credits: 6,
      step,
      sessions: { done: 1, total: 1 },
      missingMinutes: 0,
      attemptsUsed: 2,
      attemptsLeft,
      lastResult: { correct: 3, total: 10, score: 30, passed: false, submittedAt: '2026-03-12T09:30:00.000Z' },
      satisfactionDone: false,
      missingProfile: [],
      certificate: null,
    });
    const review = new Set(['1.1']);
    expect(lastFailedResult(status('assessment', 3), review, modules)).toEqual({
      correct: 3,
      total: 10,
      score: 30,
      passed: false,
      attemptsLeft: 3,
      review: [{ moduleNumber: 1, number: 1, modulePosition: 1, title: 'Primo' }],
      submittedAt: '2026-03-12T09:30:00.000Z',
    });
    expect(lastFailedResult(status('exhausted', 0), review, modules)?.attemptsLeft).toBe(0);
    expect(lastFailedResult(status('time', 3), review, modules)).toBeNull();
    expect(lastFailedResult(status('assessment', 3), null, modules)).toBeNull();
  });
});
