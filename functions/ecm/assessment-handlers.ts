import type { z } from 'zod';
import type { ApiContext } from '../api-context.ts';
import { isPassed, MAX_FIXED_ATTEMPTS, requiredQuestions, scorePercent } from '../../core/ecm/assessment-rules.ts';
import { drawAttempt } from '../../core/ecm/draw-attempt.ts';
import { bankProblem, validQuestions } from '../../core/ecm/question-bank.ts';
import type {
  answersBody,
  attemptParams,
  ecmCourseParams,
  Assessment,
  AssessmentResult,
  AssessmentReview,
  EcmStatus,
  ReviewSession,
} from '../../core/contracts/ecm.ts';
import { reviewSessionsIn, sessionsToReview } from '../../core/ecm/review-sessions.ts';
import { pluralForm } from '../../core/plural.ts';
import { findCourse } from '../data/lms/courses.ts';
import { createAttempt, findAttempt, saveAnswers, submitAttempt, type Attempt } from '../data/ecm/attempts.ts';
import { readBank, type EcmCourse } from '../data/ecm/courses.ts';
import { editionOn, type Edition } from '../data/ecm/editions.ts';
import { romeDayHour } from '../../core/rome-time.ts';
import { passedAttemptReview } from './assessment-review.ts';
import { ecmService } from './ecm-service.ts';
import { ecmMessage } from './messages.ts';
import { randomHex, randomUnit } from '../shared/random-id.ts';
import { publicStatus, type Standing } from './standing.ts';
import { HttpError } from '../http-error.ts';

type CourseInput = { param: z.output<typeof ecmCourseParams> };
type AttemptInput = { param: z.output<typeof attemptParams>; json: z.output<typeof answersBody> };

/** GET /api/lms/course/{id}/ecm: the learner's next ECM step and what it waits for. */
export async function getEcmStatus(context: ApiContext, { param }: CourseInput): Promise<EcmStatus> {
  const { user } = await context.requireSession();
  const ecm = ecmService(context);
  return publicStatus(await ecm.standing(await ecm.course(param.courseId), user.id));
}

/** The attempt as the learner sees it: never which option is correct. */
function asAssessment(attempt: Pick<Attempt, 'id' | 'questions' | 'answers'>, standing: Standing): Assessment {
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

/** The edition open today: the assessment is sat, and a learner reported, only inside one. */
async function openEdition(context: ApiContext, course: EcmCourse): Promise<Edition> {
  const edition = await editionOn(context.env.DB, course.courseId, romeDayHour(context.now).day);
  if (!edition) throw new HttpError(409, ecmMessage('editionClosed', context.language));
  return edition;
}

/**
 * GET /api/lms/course/{id}/assessment: the open attempt, or a new one when the rules allow it.
 * The bank is the one of the request's locale, else the site's default locale; the attempt keeps
 * its own copy of the questions drawn.
 */
export async function getAssessment(context: ApiContext, { param }: CourseInput): Promise<Assessment> {
  const { user } = await context.requireSession();
  const ecm = ecmService(context);
  const course = await ecm.course(param.courseId);
  const { DB } = context.env;
  const standing = await ecm.standing(course, user.id);
  assertOpen(context, standing);
  await openEdition(context, course);
  if (standing.open) return asAssessment(standing.open, standing);

  const defaultLocale = await ecm.defaultLocale();
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
  const attemptId = randomHex(16);
  const created = await createAttempt(
    DB,
    { id: attemptId, siteId: context.siteId, userId: user.id, courseId: course.courseId, locale, questions, now: context.now },
    course.mode === 'fixed' ? MAX_FIXED_ATTEMPTS : null,
  );
  // Opening an attempt uses none: the counts read before still hold for the attempt just written.
  if (created) return asAssessment({ id: attemptId, questions, answers: {} }, standing);
  // Another request opened (or closed) an attempt meanwhile: answer with what is there now.
  const now = await ecm.reloadStanding(course, user.id);
  assertOpen(context, now);
  if (!now.open) throw new HttpError(409, ecmMessage('noAttemptsLeft', context.language, { max: MAX_FIXED_ATTEMPTS }));
  return asAssessment(now.open, now);
}

async function openAttemptOf(context: ApiContext, userId: string, course: EcmCourse, id: string): Promise<Attempt> {
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
export async function putAssessmentAnswers(context: ApiContext, { param, json }: AttemptInput): Promise<{ saved: number }> {
  const { user } = await context.requireSession();
  const course = await ecmService(context).course(param.courseId);
  const attempt = await openAttemptOf(context, user.id, course, param.attemptId);
  const answers = answersFor(context, attempt, json.answers);
  if (!(await saveAnswers(context.env.DB, attempt.id, answers, context.now))) throw new HttpError(409, ecmMessage('attemptClosed', context.language));
  return { saved: Object.keys(answers).length };
}

/** POST .../submit: grades the attempt (answers saved before, overridden by those sent). */
export async function submitAssessment(context: ApiContext, { param, json }: AttemptInput): Promise<AssessmentResult> {
  const { user } = await context.requireSession();
  const ecm = ecmService(context);
  const course = await ecm.course(param.courseId);
  const attempt = await openAttemptOf(context, user.id, course, param.attemptId);
  const answers = { ...attempt.answers, ...answersFor(context, attempt, json.answers) };
  const unanswered = attempt.questions.filter((question) => !answers[question.id]).length;
  if (unanswered > 0) {
    const key = pluralForm(unanswered, context.language) === 'one' ? 'unansweredOne' : 'unansweredOther';
    throw new HttpError(400, ecmMessage(key, context.language, { count: unanswered }));
  }
  const total = attempt.questions.length;
  const correct = attempt.questions.filter((question) => answers[question.id] === question.correct).length;
  const passed = isPassed(correct, total);
  const edition = await openEdition(context, course);
  if (!(await submitAttempt(context.env.DB, attempt.id, { answers, correct, total, passed, edition: edition.number }, context.now))) {
    throw new HttpError(409, ecmMessage('attemptClosed', context.language));
  }
  // Read after the grading, so that the attempts left count this one.
  const standing = await ecm.standing(course, user.id);
  // After a failed attempt the score and the sessions to go over are told: never which answers were wrong or right.
  const review = passed ? [] : await reviewOf(context, course.courseId, user.id, sessionsToReview(attempt.questions, answers));
  return {
    correct,
    total,
    score: scorePercent(correct, total),
    passed,
    attemptsLeft: passed ? 0 : standing.attemptsLeft,
    review,
    submittedAt: new Date(context.now).toISOString(),
  };
}

/** The sessions named by `keys` (`module.session`) as the learner's course shows them, in its order. */
async function reviewOf(context: ApiContext, courseId: string, userId: string, keys: Set<string>): Promise<ReviewSession[]> {
  if (keys.size === 0) return [];
  const defaultLocale = await ecmService(context).defaultLocale();
  const course = await findCourse(context.env.DB, context.siteId, courseId, context.localeCode, defaultLocale, userId);
  return reviewSessionsIn(course?.modules ?? [], keys);
}

/** GET .../assessment/review: after passing, the passed attempt with the correct answers. */
export async function getAssessmentReview(context: ApiContext, { param }: CourseInput): Promise<AssessmentReview> {
  const { user } = await context.requireSession();
  const ecm = ecmService(context);
  const standing = await ecm.standing(await ecm.course(param.courseId), user.id);
  if (!standing.passedAttempt) throw new HttpError(403, ecmMessage('reviewLocked', context.language));
  return passedAttemptReview(standing.passedAttempt);
}
