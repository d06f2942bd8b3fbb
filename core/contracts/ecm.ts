import { z } from 'zod';
import { FISCAL_CODE_SHAPE } from '../fiscal-code.ts';
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

/**
 * `?edition=N`: the edition a file covers. The registry report without it: the current edition
 * (open today, else the latest that started); the inspection files without it: every edition.
 */
export const participantsQuery = z.object({ edition: z.coerce.number().int().min(1).max(999).optional() });

/** `/cms/ecm/:courseId/editions/:number`. */
export const editionParams = z.object({ courseId: courseIdParam, number: z.coerce.number().int().min(1).max(999) });

/** The learner's working relationship as the registry codes it (lib_dip). */
export const employment = z.enum(['L', 'D', 'C', 'P']);

/**
 * An edition as staff set it. Dates, credits and codes are checked by the server against the
 * registry's rules, each with its own message (so they are plain strings here).
 */
export const editionBody = z.object({
  startsOn: z.string().max(10),
  endsOn: z.string().max(10),
  hours: z.number().int().min(1).max(9999),
  /** One decimal and a full stop, at most 50.0: "8.0", "12.5". */
  credits: z.string().trim().max(5),
  objectiveId: z.number().int().min(1).max(99),
  tipologia: z.number().int().min(1).max(11),
  eventType: z.enum(['E', 'P']),
  /** The registry codes of the accredited disciplines (3 digits). */
  disciplines: z
    .array(z.string().regex(/^[0-9]{3}$/))
    .min(1)
    .max(200),
  /** Participants a sponsor recruited, by codice fiscale. */
  recruits: z.array(z.object({ fiscalCode: z.string().trim().toUpperCase().max(16), sponsor: z.string().trim().min(1).max(200) })).max(5000),
});
export type EditionBody = z.infer<typeof editionBody>;

export const reportState = z.enum(['open', 'waiting', 'due', 'late', 'sent']);

export const ecmEdition = editionBody.extend({
  number: z.number().int(),
  /** The registry report is due by this day (90 days after the end). */
  reportDeadline: z.string(),
  reportState,
});
export type EcmEdition = z.infer<typeof ecmEdition>;

/** The ECM event of a course: its accredited event id and how attempts draw questions. */
export const ecmEventBody = z.object({
  eventId: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z-]{1,30}$/),
  mode: z.enum(['fixed', 'draw']),
});

/** A course's ECM set-up on the ECM screen: the event (null until set) and its editions. */
export const ecmCourseSetup = z.object({
  courseId: z.string(),
  credits: z.number().nullable(),
  event: ecmEventBody.nullable(),
  editions: z.array(ecmEdition),
});
export type EcmCourseSetup = z.infer<typeof ecmCourseSetup>;

/**
 * The ECM settings' body limit: a signature somewhat over MAX_SIGNATURE_BYTES, as base64, still
 * reaches the handler, which refuses it naming the limit rather than as a body too large.
 */
export const ECM_SETTINGS_BYTES = 512 * 1024;

/** The provider and the time rule, as the ECM screen sets them. A new signature replaces the old one. */
export const ecmSettingsBody = z.object({
  providerId: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z]{1,20}$/),
  providerName: z.string().trim().min(1).max(200),
  accreditationCode: z
    .string()
    .trim()
    .regex(/^[0-9]{3}$/),
  legalRepresentative: z.string().trim().min(1).max(200),
  /** Share of a course's declared duration to spend in it before the assessment; null: no rule. */
  minTimeShare: z.number().min(0.05).max(1).nullable(),
  /** A PNG or JPEG image as base64 (at most MAX_SIGNATURE_BYTES once decoded: 413 over it), or null to keep the one stored. */
  signature: z.object({ type: z.enum(['image/png', 'image/jpeg']), base64: z.string().max(ECM_SETTINGS_BYTES) }).nullable(),
});
export type EcmSettingsBody = z.infer<typeof ecmSettingsBody>;

/** The ECM screen's reference lists and provider. */
export const ecmSettings = ecmSettingsBody.omit({ signature: true }).extend({
  configured: z.boolean(),
  hasSignature: z.boolean(),
  objectives: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type EcmSettings = z.infer<typeof ecmSettings>;
/**
 * `/audit/ecm/:courseId/:file`: the learners' records (`records.csv`, `records.pdf`) or the
 * questionnaire's totals (`questionnaire.csv`).
 */
export const auditFileParams = z.object({ courseId: courseIdParam, file: z.enum(['records.csv', 'records.pdf', 'questionnaire.csv']) });

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
  /** The registry's codes: profession 2 digits, discipline 3 digits. */
  professionId: z.string().regex(/^[0-9]{2}$/),
  disciplineId: z.string().regex(/^[0-9]{3}$/),
  employment,
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

/** A session to go over before the next attempt: where the wrong answers of a failed one come from. */
export const reviewSession = z.object({ moduleNumber: z.number().int(), number: z.number().int(), modulePosition: z.number().int(), title: z.string() });
export type ReviewSession = z.infer<typeof reviewSession>;

/** When the attempt was submitted, as an ISO instant. */
const submittedAt = z.string();

/**
 * A submitted attempt; `attemptsLeft` counts the attempts still allowed after this one. `review`:
 * after a failed attempt, the sessions its wrong answers come from, in course order (empty after a pass).
 */
export const assessmentResult = z.object({ ...score, attemptsLeft, review: z.array(reviewSession), submittedAt });
export type AssessmentResult = z.infer<typeof assessmentResult>;

/** After passing only: each question with the learner's answer and the correct option. */
export const reviewQuestion = assessmentQuestion.extend({ answer: z.string().nullable(), correct: z.string() });
export type ReviewQuestion = z.infer<typeof reviewQuestion>;
export const assessmentReview = z.object({ score: z.number(), questions: z.array(reviewQuestion) });
export type AssessmentReview = z.infer<typeof assessmentReview>;

export const ecmStep = z.enum(['sessions', 'time', 'assessment', 'exhausted', 'satisfaction', 'profile', 'certificate', 'done']);
export type EcmStep = z.infer<typeof ecmStep>;

/** Registry fields a certificate needs and the learner has not given yet. */
const missingProfile = z.array(z.enum(['fiscalCode', 'professionId', 'disciplineId', 'employment']));

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
  /** The last submitted attempt's outcome: the ECM page shows it again, with its date, after a pass or a failure. */
  lastResult: z.object({ ...score, submittedAt }).nullable(),
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
  employment: employment.nullable(),
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
