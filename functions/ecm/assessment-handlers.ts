import type { z } from 'zod';
import type { ApiContext } from '../api-context.ts';
import { isPassed, MAX_FIXED_ATTEMPTS, requiredQuestions, scorePercent } from '../../core/ecm/assessment-rules.ts';
import { drawAttempt } from '../../core/ecm/draw-attempt.ts';
import { bankProblem, validQuestions } from '../../core/ecm/question-bank.ts';
import {
  answersBody,
  attemptIdParam,
  courseIdParam,
  type Assessment,
  type AssessmentResult,
  type EcmStatus,
  type ReviewQuestion,
} from '../../core/contracts/ecm.ts';
import { createAttempt, findAttempt, saveAnswers, submitAttempt, type Attempt } from '../data/ecm/attempts.ts';
import { findEcmCourse, readBank, type EcmCourse } from '../data/ecm/courses.ts';
import { findSite } from '../data/site/sites.ts';
import { ecmMessage } from './messages.ts';
import { randomHex, randomUnit } from './random-id.ts';
import { loadStanding, publicStatus, type Standing } from './standing.ts';
import { HttpError } from '../http-error.ts';
import { validate } from '../validate.ts';

export async function defaultLocaleOf(context: ApiContext): Promise<string> {
  return (await findSite(context.env.DB, context.siteId))?.defaultLocale ?? 'it-IT';
}

/** The ECM course named in the path: 404 for an unknown course or one without ECM credits. */
export async function ecmCourseOf(context: ApiContext): Promise<EcmCourse> {
  const id = validate(courseIdParam, context.params.courseId, context.language, 'courseId');
  const course = await findEcmCourse(context.env.DB, context.siteId, id);
  if (!course) throw new HttpError(404, ecmMessage('notEcm', context.language, { id }));
  return course;
}

export async function standingOf(context: ApiContext, course: EcmCourse, userId: string): Promise<Standing> {
  return loadStanding(context.env.DB, context.siteId, course, userId, context.localeCode, await defaultLocaleOf(context));
}

/** GET /api/lms/course/{id}/ecm: the learner's next ECM step and what it waits for. */
export async function getEcmStatus(context: ApiContext): Promise<EcmStatus> {
  const session = await context.requirePermission('course:read');
  const course = await ecmCourseOf(context);
  return publicStatus(await standingOf(context, course, session.user.id));
}

/** The attempt as the learner sees it: never which option is correct. */
function asAssessment(attempt: Attempt, standing: Standing): Assessment {
  return {
    attemptId: attempt.id,
    questions: attempt.questions.map(({ id, text, options }) => ({ id, text, options })),
    answers: attempt.answers,
    attemptsUsed: standing.attemptsUsed,
    attemptsLeft: standing.attemptsLeft,
  };
}

/** Refuses, with the reason, an assessment the rules do not open yet (or any more). */
function assertOpen(context: ApiContext, standing: Standing): void {
  const { language } = context;
  if (standing.passedAttempt) throw new HttpError(409, ecmMessage('alreadyPassed', language));
  if (standing.step === 'sessions') {
    throw new HttpError(
      409,
      ecmMessage('sessionsMissing', language, { missing: standing.sessions.total - standing.sessions.done, total: standing.sessions.total }),
    );
  }
  if (standing.step === 'time') throw new HttpError(409, ecmMessage('timeMissing', language, { minutes: standing.missingMinutes }));
  if (standing.step === 'exhausted') throw new HttpError(409, ecmMessage('noAttemptsLeft', language, { max: MAX_FIXED_ATTEMPTS }));
}

/**
 * GET /api/lms/course/{id}/assessment: the open attempt, or a new one when the rules allow it.
 * The bank is the one of the request's locale, else the site's default locale; the attempt keeps
 * its own copy of the questions drawn.
 */
export async function getAssessment(context: ApiContext): Promise<Assessment> {
  const session = await context.requirePermission('progress:write');
  const course = await ecmCourseOf(context);
  const { DB } = context.env;
  let standing = await standingOf(context, course, session.user.id);
  assertOpen(context, standing);
  if (standing.open) return asAssessment(standing.open, standing);

  const defaultLocale = await defaultLocaleOf(context);
  let locale = context.localeCode;
  let bank = await readBank(DB, course.courseId, locale);
  if (!bank && locale !== defaultLocale) {
    locale = defaultLocale;
    bank = await readBank(DB, course.courseId, locale);
  }
  // A bank that breaks the rules (e.g. credits raised since it was published) is not used.
  if (!bank || bankProblem(bank, course.credits, course.mode)) throw new HttpError(404, ecmMessage('bankMissing', context.language));
  const previous = standing.attempts.at(-1)?.questions ?? null;
  const questions = drawAttempt({
    bank: validQuestions(bank),
    mode: course.mode,
    required: requiredQuestions(course.credits),
    previous,
    random: randomUnit,
    newId: () => randomHex(6),
  });
  const created = await createAttempt(
    DB,
    { id: randomHex(16), siteId: context.siteId, userId: session.user.id, courseId: course.courseId, locale, questions, now: context.now },
    course.mode === 'fixed' ? MAX_FIXED_ATTEMPTS : null,
  );
  // Another request may have opened (or closed) an attempt meanwhile: answer with what is there now.
  standing = await standingOf(context, course, session.user.id);
  if (!created) assertOpen(context, standing);
  if (!standing.open) throw new HttpError(409, ecmMessage('noAttemptsLeft', context.language, { max: MAX_FIXED_ATTEMPTS }));
  return asAssessment(standing.open, standing);
}

async function openAttemptOf(context: ApiContext, userId: string, course: EcmCourse): Promise<Attempt> {
  const id = validate(attemptIdParam, context.params.attemptId, context.language, 'attemptId');
  const attempt = await findAttempt(context.env.DB, userId, course.courseId, id);
  if (!attempt) throw new HttpError(404, ecmMessage('attemptNotFound', context.language, { id }));
  if (attempt.submittedAt !== null) throw new HttpError(409, ecmMessage('attemptClosed', context.language));
  return attempt;
}

/** The answers, checked against the attempt: every question and option must be the attempt's own. */
function answersFor(context: ApiContext, attempt: Attempt, answers: Record<string, string>): Record<string, string> {
  for (const [questionId, optionId] of Object.entries(answers)) {
    const question = attempt.questions.find((candidate) => candidate.id === questionId);
    if (!question) throw new HttpError(400, ecmMessage('unknownQuestion', context.language, { id: questionId }));
    if (!question.options.some((option) => option.id === optionId)) throw new HttpError(400, ecmMessage('unknownOption', context.language, { id: questionId }));
  }
  return answers;
}

/** PUT /api/lms/course/{id}/assessment/{attemptId}: saves the answers as given, to resume later. */
export async function putAssessmentAnswers(context: ApiContext, { json }: { json: z.output<typeof answersBody> }): Promise<{ saved: number }> {
  const session = await context.requirePermission('progress:write');
  const course = await ecmCourseOf(context);
  const attempt = await openAttemptOf(context, session.user.id, course);
  const answers = answersFor(context, attempt, json.answers);
  if (!(await saveAnswers(context.env.DB, attempt.id, answers, context.now))) throw new HttpError(409, ecmMessage('attemptClosed', context.language));
  return { saved: Object.keys(answers).length };
}

/** POST .../submit: grades the attempt (answers saved before, overridden by those sent). */
export async function submitAssessment(context: ApiContext, { json }: { json: z.output<typeof answersBody> }): Promise<AssessmentResult> {
  const session = await context.requirePermission('progress:write');
  const course = await ecmCourseOf(context);
  const attempt = await openAttemptOf(context, session.user.id, course);
  const answers = { ...attempt.answers, ...answersFor(context, attempt, json.answers) };
  const unanswered = attempt.questions.filter((question) => !answers[question.id]).length;
  if (unanswered > 0) throw new HttpError(400, ecmMessage('unanswered', context.language, { count: unanswered }));
  const total = attempt.questions.length;
  const correct = attempt.questions.filter((question) => answers[question.id] === question.correct).length;
  const passed = isPassed(correct, total);
  if (!(await submitAttempt(context.env.DB, attempt.id, { answers, correct, total, passed }, context.now))) {
    throw new HttpError(409, ecmMessage('attemptClosed', context.language));
  }
  const standing = await standingOf(context, course, session.user.id);
  // After a failed attempt only the score is told: never which answers were wrong or right.
  return { correct, total, score: scorePercent(correct, total), passed, attemptsLeft: passed ? 0 : standing.attemptsLeft };
}

/** GET .../assessment/review: after passing, the passed attempt with the correct answers. */
export async function getAssessmentReview(context: ApiContext): Promise<{ score: number; questions: ReviewQuestion[] }> {
  const session = await context.requirePermission('course:read');
  const course = await ecmCourseOf(context);
  const standing = await standingOf(context, course, session.user.id);
  const attempt = standing.passedAttempt;
  if (!attempt) throw new HttpError(403, ecmMessage('reviewLocked', context.language));
  return {
    score: scorePercent(attempt.correct ?? 0, attempt.total ?? 0),
    questions: attempt.questions.map(({ id, text, options, correct }) => ({ id, text, options, correct, answer: attempt.answers[id] ?? null })),
  };
}
