import { describe, expect, it } from 'vitest';
import { attemptsLeft, isPassed, minimumBankSize, missingMinutes, requiredQuestions, scorePercent } from '../../../../core/ecm/assessment-rules.ts';
import { drawAttempt, type DrawnQuestion } from '../../../../core/ecm/draw-attempt.ts';
import { bankProblem, validQuestions, type BankFields } from '../../../../core/ecm/question-bank.ts';
import { creditsIn, trienniumOf } from '../../../../core/ecm/triennium.ts';

const bank = (size: number): BankFields => ({
  questions: Array.from({ length: size }, (_, i) => ({
    id: `q${i + 1}`,
    text: `Domanda ${i + 1}`,
    options: ['A', 'B', 'C', 'D'].map((l) => `${l}${i}`),
    correct: i % 4,
  })),
});

/** A seeded generator: the draw is random in the Worker, repeatable here. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}
let ids = 0;
const newId = () => `o${(ids++).toString(36)}`;

describe('ECM assessment rules', () => {
  it('asks 3 questions per credit, rounded up', () => {
    expect(requiredQuestions(10.5)).toBe(32);
    expect(requiredQuestions(8)).toBe(24);
    expect(requiredQuestions(7.5)).toBe(23);
    expect(requiredQuestions(0.1)).toBe(1);
    expect(minimumBankSize(4, 'fixed')).toBe(12);
    expect(minimumBankSize(4, 'draw')).toBe(24);
  });

  it('passes at 75 % exactly, never by rounding', () => {
    expect(isPassed(15, 20)).toBe(true);
    expect(isPassed(14, 20)).toBe(false);
    expect(isPassed(23, 31)).toBe(false); // 74.19 %
    expect(isPassed(24, 32)).toBe(true);
    expect(isPassed(0, 0)).toBe(false);
    expect(scorePercent(23, 31)).toBe(74);
    expect(scorePercent(2, 3)).toBe(66);
  });

  it('allows 5 attempts in fixed mode, unlimited in draw mode', () => {
    expect(attemptsLeft('fixed', 0)).toBe(5);
    expect(attemptsLeft('fixed', 5)).toBe(0);
    expect(attemptsLeft('fixed', 7)).toBe(0);
    expect(attemptsLeft('draw', 40)).toBeNull();
  });

  it('counts the minutes missing under the time rule, none when it is off', () => {
    expect(missingMinutes(0, 60 * 60_000, null)).toBe(0);
    expect(missingMinutes(20 * 60_000, 60 * 60_000, 0.5)).toBe(10);
    expect(missingMinutes(30 * 60_000, 60 * 60_000, 0.5)).toBe(0);
  });
});

describe('question bank rules, named for editors', () => {
  it('accepts a bank that meets them', () => {
    expect(bankProblem(bank(24), 8, 'fixed')).toBeNull();
    expect(bankProblem(bank(48), 8, 'draw')).toBeNull();
  });

  it('names the first problem', () => {
    expect(bankProblem(bank(23), 8, 'fixed')).toEqual({ kind: 'tooFew', count: 23, required: 24 });
    expect(bankProblem(bank(30), 8, 'draw')).toEqual({ kind: 'tooFew', count: 30, required: 48 });
    const three = bank(24);
    three.questions[1] = { ...three.questions[1]!, options: ['a', 'b', 'c'] };
    expect(bankProblem(three, 8, 'fixed')).toEqual({ kind: 'options', question: 2, count: 3 });
    const none = bank(24);
    none.questions[4] = { ...none.questions[4]!, correct: null };
    expect(bankProblem(none, 8, 'fixed')).toEqual({ kind: 'noCorrect', question: 5 });
    const twice = bank(24);
    twice.questions[2] = { ...twice.questions[2]!, options: ['Sì', 'No', 'sì', 'Forse'] };
    expect(bankProblem(twice, 8, 'fixed')).toEqual({ kind: 'sameOptions', question: 3 });
    const empty = bank(24);
    empty.questions[0] = { ...empty.questions[0]!, options: ['a', ' ', 'c', 'd'] };
    expect(bankProblem(empty, 8, 'fixed')).toEqual({ kind: 'emptyOption', question: 1, option: 2 });
    const duplicate = bank(24);
    duplicate.questions[3] = { ...duplicate.questions[3]!, id: 'q1' };
    expect(bankProblem(duplicate, 8, 'fixed')).toEqual({ kind: 'duplicateId', question: 4, id: 'q1' });
  });
});

describe('drawing an attempt', () => {
  const questions = validQuestions(bank(12));

  it('keeps the correct answer with its option under fresh ids, in a new order of questions and options', () => {
    const random = seeded(7);
    const first = drawAttempt({ bank: questions, mode: 'fixed', required: 12, previous: null, random, newId });
    const second = drawAttempt({ bank: questions, mode: 'fixed', required: 12, previous: first, random, newId });
    for (const attempt of [first, second]) {
      expect(attempt.map((q) => q.id).sort()).toEqual(questions.map((q) => q.id).sort());
      for (const drawn of attempt) {
        const source = questions.find((q) => q.id === drawn.id)!;
        expect(drawn.options.find((o) => o.id === drawn.correct)?.text).toBe(source.options[source.correct]);
        expect(drawn.options.map((o) => o.text).sort()).toEqual([...source.options].sort());
      }
    }
    expect(second.map((q) => q.id)).not.toEqual(first.map((q) => q.id));
    const optionOrder = (attempt: DrawnQuestion[], id: string) => attempt.find((q) => q.id === id)!.options.map((o) => o.text);
    for (const q of first) expect(optionOrder(second, q.id)).not.toEqual(optionOrder(first, q.id));
    const firstIds = new Set(first.flatMap((q) => q.options.map((o) => o.id)));
    expect(second.flatMap((q) => q.options.map((o) => o.id)).some((id) => firstIds.has(id))).toBe(false);
  });

  it('draw mode asks only questions the previous attempt did not', () => {
    const random = seeded(11);
    const first = drawAttempt({ bank: questions, mode: 'draw', required: 6, previous: null, random, newId });
    const second = drawAttempt({ bank: questions, mode: 'draw', required: 6, previous: first, random, newId });
    expect(first).toHaveLength(6);
    expect(second).toHaveLength(6);
    const asked = new Set(first.map((q) => q.id));
    expect(second.filter((q) => asked.has(q.id))).toEqual([]);
  });
});

describe('credits per triennium', () => {
  it('counts the certificates completed in 2026-2028 (Europe/Rome years)', () => {
    const triennium = trienniumOf(Date.parse('2027-05-01T10:00:00Z'));
    expect(triennium).toEqual({ from: 2026, to: 2028, required: 150 });
    expect(trienniumOf(Date.parse('2029-01-01T10:00:00Z'))).toMatchObject({ from: 2029, to: 2031 });
    const certificates = [
      { credits: 10.5, completedAt: Date.parse('2026-03-01T10:00:00Z') },
      { credits: 7.5, completedAt: Date.parse('2028-12-31T23:30:00Z') }, // 2029 in Rome
      { credits: 8, completedAt: Date.parse('2025-12-31T23:30:00Z') }, // 2026 in Rome
    ];
    expect(creditsIn(triennium, certificates)).toBe(18.5);
  });
});
