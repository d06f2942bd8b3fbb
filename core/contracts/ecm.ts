import { z } from 'zod';
import { FISCAL_CODE_SHAPE } from '../ecm/fiscal-code-shape.ts';
import { GENDERS } from '../user-fields.ts';

/** Request bodies and answers of the ECM calls (assessment, questionnaire, certificates, profile). */

export const courseIdParam = z.string().regex(/^[a-z0-9-]{1,100}$/);
export const attemptIdParam = z.string().regex(/^[a-z0-9]{16,40}$/);

/** `/lms/course/:courseId/...` of the ECM calls. */
export const ecmCourseParams = z.object({ courseId: courseIdParam });
/** `/lms/course/:courseId/assessment/:attemptId[/submit]`. */
export const attemptParams = z.object({ courseId: courseIdParam, attemptId: attemptIdParam });

/**
 * `/lms/certificates/:code` names the file, `{code}.pdf`: the code without `.pdf`, or '' for any
 * other name (answered as a certificate not found, never told apart from one).
 */
export const certificateFileParams = z.object({
  code: z.string().transform((file) => (file.endsWith('.pdf') ? file.slice(0, -'.pdf'.length) : '')),
});
/** A download link carries its language in the query (a link cannot set the locale header). */
export const certificateFileQuery = z.object({ locale: z.string().optional() });

/**
 * `/cms/ecm/:courseId/:report`, where the report is `participants.csv` or `participants.xml`:
 * read as its format first (a wrong one is refused as `format`), then the course.
 */
export const participantsParams = z.preprocess(
  (raw) => {
    const { courseId, report } = (raw ?? {}) as { courseId?: unknown; report?: unknown };
    return { format: /^participants\.(csv|xml)$/.exec(typeof report === 'string' ? report : '')?.[1], courseId };
  },
  z.object({ format: z.enum(['csv', 'xml']), courseId: courseIdParam }),
);

/** `{ answers: { [questionId]: optionId } }`: ids are checked against the attempt by the server. */
export const answersBody = z.object({
  answers: z.record(z.string().regex(/^[a-z0-9-]{1,40}$/), z.string().regex(/^[a-z0-9]{1,40}$/)).refine((answers) => Object.keys(answers).length <= 400),
});

export const ecmProfileBody = z.object({
  fiscalCode: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(FISCAL_CODE_SHAPE)),
  professionId: z.string().regex(/^[a-z0-9-]{1,60}$/),
  disciplineId: z.string().regex(/^[a-z0-9-]{1,60}$/),
});

export type EcmProfileBody = z.infer<typeof ecmProfileBody>;

const option = z.object({ id: z.string(), text: z.string() });

export const assessmentQuestion = z.object({ id: z.string(), text: z.string(), options: z.array(option) });
export type AssessmentQuestion = z.infer<typeof assessmentQuestion>;

/** `null` where the number of attempts is unlimited. */
const attemptsLeft = z.number().int().nonnegative().nullable();

/** The learner's open attempt. `attemptsLeft` counts this attempt too. */
export const assessment = z.object({
  attemptId: z.string(),
  questions: z.array(assessmentQuestion),
  answers: z.record(z.string(), z.string()),
  attemptsUsed: z.number().int().nonnegative(),
  attemptsLeft,
});
export type Assessment = z.infer<typeof assessment>;

export const savedAnswers = z.object({ saved: z.number().int().nonnegative() });

const score = { correct: z.number().int(), total: z.number().int(), score: z.number(), passed: z.boolean() };

/** A submitted attempt; `attemptsLeft` counts the attempts still allowed after this one. */
export const assessmentResult = z.object({ ...score, attemptsLeft });
export type AssessmentResult = z.infer<typeof assessmentResult>;

/** After passing only: each question with the learner's answer and the correct option. */
export const reviewQuestion = assessmentQuestion.extend({ answer: z.string().nullable(), correct: z.string() });
export type ReviewQuestion = z.infer<typeof reviewQuestion>;
export const assessmentReview = z.object({ score: z.number(), questions: z.array(reviewQuestion) });
export type AssessmentReview = z.infer<typeof assessmentReview>;

export const ecmStep = z.enum(['sessions', 'time', 'assessment', 'exhausted', 'satisfaction', 'profile', 'certificate', 'done']);
export type EcmStep = z.infer<typeof ecmStep>;

/** Registry fields a certificate needs and the learner has not given yet. */
const missingProfile = z.array(z.enum(['fiscalCode', 'professionId', 'disciplineId']));

export const certificateSummary = z.object({
  code: z.string(),
  courseId: z.string(),
  credits: z.number(),
  issuedAt: z.string(),
  completedAt: z.string(),
  courseTitle: z.string(),
});
export type CertificateSummary = z.infer<typeof certificateSummary>;

/** Where a learner stands in an ECM course, for the course page and the ECM page. */
export const ecmStatus = z.object({
  courseId: z.string(),
  credits: z.number(),
  step: ecmStep,
  sessions: z.object({ done: z.number().int(), total: z.number().int() }),
  /** Minutes of tracked learning still missing under the site's time rule (0 when met or off). */
  missingMinutes: z.number().int().nonnegative(),
  attemptsUsed: z.number().int().nonnegative(),
  attemptsLeft,
  lastResult: z.object(score).nullable(),
  satisfactionDone: z.boolean(),
  missingProfile,
  certificate: certificateSummary.nullable(),
});
export type EcmStatus = z.infer<typeof ecmStatus>;

/** The questionnaire: open once passed, and its items (core/ecm/satisfaction-items.ts). */
export const satisfactionForm = z.object({
  available: z.boolean(),
  done: z.boolean(),
  items: z.array(z.object({ key: z.string(), points: z.number().int() })).readonly(),
});
export type SatisfactionForm = z.infer<typeof satisfactionForm>;

/**
 * The questionnaire answered: the certificate's code if it could be issued at once, else null,
 * with the registry fields it waits for in `missingProfile` (empty when it waits for the site's
 * accredited provider: the certificate call then names the reason).
 */
export const satisfactionOutcome = z.object({ done: z.literal(true), certificate: z.string().nullable(), missingProfile });
export type SatisfactionOutcome = z.infer<typeof satisfactionOutcome>;

export const ecmProfile = z.object({
  fiscalCode: z.string().nullable(),
  professionId: z.string().nullable(),
  disciplineId: z.string().nullable(),
});
export type EcmProfile = z.infer<typeof ecmProfile>;

export const profession = z.object({
  id: z.string(),
  name: z.string(),
  disciplines: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type Profession = z.infer<typeof profession>;

/** The registry fields with the commission's professions and disciplines to choose from. */
export const ecmProfileForm = ecmProfile.extend({ professions: z.array(profession) });
export type EcmProfileForm = z.infer<typeof ecmProfileForm>;

/**
 * The one-time question after a federated account's first sign-in (`/{locale}/profile/ecm-details`):
 * gender, and for ECM learners codice fiscale and discipline (whose profession it belongs to),
 * both or neither.
 */
export const ecmDetailsBody = z
  .object({
    gender: z.enum(GENDERS),
    fiscalCode: z
      .string()
      .trim()
      .transform((value) => value.toUpperCase())
      .pipe(z.union([z.literal(''), z.string().regex(FISCAL_CODE_SHAPE)])),
    disciplineId: z.union([z.literal(''), z.string().regex(/^[a-z0-9-]{1,60}$/)]),
  })
  .refine((body) => (body.fiscalCode === '') === (body.disciplineId === ''), { path: ['disciplineId'], params: { reason: 'ecmDetailsPair' } });
export type EcmDetailsBody = z.output<typeof ecmDetailsBody>;
