import type { AssessmentMode } from './assessment-rules.ts';
import type { ValidQuestion } from './question-bank.ts';

/** A question as an attempt stores it: options in the order shown, under ids made for the attempt. */
export interface DrawnQuestion {
  id: string;
  text: string;
  options: { id: string; text: string }[];
  /** The id of the correct option: never sent to the learner before they pass. */
  correct: string;
  /** The session it comes from (`module.session`), or null; absent in attempts drawn before banks named one. */
  session?: string | null;
}

export interface DrawInput {
  bank: ValidQuestion[];
  mode: AssessmentMode;
  /** Questions an attempt asks in 'draw' mode; 'fixed' asks the whole bank. */
  required: number;
  /** The previous attempt, if any: its set is avoided ('draw') and its orders are not repeated. */
  previous: DrawnQuestion[] | null;
  /** A number in [0, 1): crypto-backed in the Worker, seeded in tests. */
  random: () => number;
  /** A fresh, unguessable option id. */
  newId: () => string;
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** Shuffles until the order is not the one to avoid (when more than one order exists). */
function reordered<T>(items: readonly T[], isRepeat: (order: T[]) => boolean, random: () => number): T[] {
  let order = shuffled(items, random);
  for (let tries = 0; items.length > 1 && isRepeat(order) && tries < 50; tries++) order = shuffled(items, random);
  return order;
}

const sameSequence = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((item, i) => item === b[i]);

/**
 * Draws an attempt with double randomization: the order of the questions and the order of each
 * question's options change at every attempt. 'fixed' asks the same questions every time; 'draw'
 * asks, first, questions the previous attempt did not ask.
 */
export function drawAttempt({ bank, mode, required, previous, random, newId }: DrawInput): DrawnQuestion[] {
  let chosen = bank;
  if (mode === 'draw') {
    const asked = new Set(previous?.map((question) => question.id));
    const fresh = shuffled(
      bank.filter((question) => !asked.has(question.id)),
      random,
    );
    const again = shuffled(
      bank.filter((question) => asked.has(question.id)),
      random,
    );
    chosen = [...fresh, ...again].slice(0, required);
  }
  const previousOrder = previous?.map((question) => question.id) ?? [];
  const questions = reordered(
    chosen,
    (order) =>
      sameSequence(
        order.map((question) => question.id),
        previousOrder,
      ),
    random,
  );
  return questions.map((question) => {
    const before = previous?.find((candidate) => candidate.id === question.id)?.options.map((option) => option.text);
    const options = reordered(
      question.options.map((text, index) => ({ text, index })),
      (order) =>
        before !== undefined &&
        sameSequence(
          order.map((option) => option.text),
          before,
        ),
      random,
    );
    const ids = options.map(() => newId());
    return {
      id: question.id,
      text: question.text,
      options: options.map((option, i) => ({ id: ids[i] as string, text: option.text })),
      correct: ids[options.findIndex((option) => option.index === question.correct)] as string,
      session: question.session,
    };
  });
}
