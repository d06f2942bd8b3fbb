import { z } from 'zod';
import { plainText } from '../contracts/common.ts';
import { minimumBankSize, OPTIONS_PER_QUESTION, type AssessmentMode } from './assessment-rules.ts';

/**
 * A course's question bank in one locale, as editors write it: questions with their options and
 * the index of the correct one. The shape is loose on purpose (any number of options, a missing
 * correct index): `bankProblem` then names what breaks the ECM rules in words an editor can act on.
 */
export const bankQuestion = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  text: z
    .string()
    .trim()
    .min(1)
    .max(1000)
    .superRefine(plainText({ multiline: true })),
  options: z.array(z.string().trim().max(500).superRefine(plainText())).max(10),
  correct: z.number().int().min(0).max(9).nullable(),
  /**
   * The session the question comes from, `module.session` (the numbers in its address): after a
   * failed attempt the learner is sent back to the sessions of their wrong answers, never told which.
   */
  session: z
    .string()
    .regex(/^[1-9][0-9]{0,5}\.[1-9][0-9]{0,5}$/)
    .nullish(),
});

export const bankFields = z.object({ questions: z.array(bankQuestion).max(400) });

export type BankQuestion = z.infer<typeof bankQuestion>;
export type BankFields = z.infer<typeof bankFields>;

/** A bank question that passed the rules: four options and one correct index. */
export interface ValidQuestion {
  id: string;
  text: string;
  options: string[];
  correct: number;
  session: string | null;
}

export type BankProblem =
  | { kind: 'tooFew'; count: number; required: number }
  | { kind: 'options'; question: number; count: number }
  | { kind: 'emptyOption'; question: number; option: number }
  | { kind: 'sameOptions'; question: number }
  | { kind: 'noCorrect'; question: number }
  | { kind: 'duplicateId'; question: number; id: string };

/** The first rule the bank breaks (questions are numbered from 1, as editors see them), or null. */
export function bankProblem(fields: BankFields, credits: number, mode: AssessmentMode): BankProblem | null {
  const seen = new Set<string>();
  for (const [index, question] of fields.questions.entries()) {
    const number = index + 1;
    if (seen.has(question.id)) return { kind: 'duplicateId', question: number, id: question.id };
    seen.add(question.id);
    if (question.options.length !== OPTIONS_PER_QUESTION) return { kind: 'options', question: number, count: question.options.length };
    const empty = question.options.findIndex((option) => option.trim() === '');
    if (empty >= 0) return { kind: 'emptyOption', question: number, option: empty + 1 };
    if (new Set(question.options.map((option) => option.trim().toLowerCase())).size !== OPTIONS_PER_QUESTION) return { kind: 'sameOptions', question: number };
    if (question.correct === null || question.correct >= OPTIONS_PER_QUESTION) return { kind: 'noCorrect', question: number };
  }
  const required = minimumBankSize(credits, mode);
  if (fields.questions.length < required) return { kind: 'tooFew', count: fields.questions.length, required };
  return null;
}

/** The bank's questions once `bankProblem` found none. */
export function validQuestions(fields: BankFields): ValidQuestion[] {
  return fields.questions.map((question) => ({
    id: question.id,
    text: question.text,
    options: question.options,
    correct: question.correct ?? 0,
    session: question.session ?? null,
  }));
}
