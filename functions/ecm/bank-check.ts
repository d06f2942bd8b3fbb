import type { ApiContext } from '../api-context.ts';
import type { DocumentFields } from '../../core/cms-document.ts';
import { bankProblem, type BankFields, type BankProblem } from '../../core/ecm/question-bank.ts';
import { findEcmCourse } from '../data/ecm/courses.ts';
import type { DocumentRef } from '../data/cms/documents.ts';
import { ecmMessage, type EcmMessageKey } from './messages.ts';
import { HttpError } from '../http-error.ts';

const PROBLEM_MESSAGES: Record<BankProblem['kind'], EcmMessageKey> = {
  tooFew: 'bankTooFew',
  options: 'bankOptions',
  emptyOption: 'bankEmptyOption',
  sameOptions: 'bankSameOptions',
  noCorrect: 'bankNoCorrect',
  duplicateId: 'bankDuplicateId',
};

/**
 * A question bank draft must meet the ECM rules for its course (count against credits, 4 options,
 * one correct) before it is saved, so that nothing published can break an assessment; the
 * refusal names the problem and the question.
 */
export async function checkBankDraft(context: ApiContext, ref: DocumentRef, fields: DocumentFields): Promise<void> {
  const course = await findEcmCourse(context.env.DB, context.siteId, ref.key);
  if (!course) throw new HttpError(404, ecmMessage('notEcm', context.language, { id: ref.key }));
  const problem = bankProblem(fields as BankFields, course.credits, course.mode);
  if (!problem) return;
  const { kind, ...values } = problem;
  throw new HttpError(400, ecmMessage(PROBLEM_MESSAGES[kind], context.language, { ...values, credits: course.credits }));
}

/** The correct answers are for editors: testers, who may read drafts, never see a bank. */
export async function mayReadBanks(context: ApiContext): Promise<boolean> {
  try {
    await context.requirePermission('content:edit');
    return true;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 403) return false;
    throw error;
  }
}
