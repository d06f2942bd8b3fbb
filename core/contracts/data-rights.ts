import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../user-fields.ts';
import { PASSWORD_MAX_LENGTH } from '../password-policy.ts';
import { gender } from './user.ts';

const when = z.string().nullable();

/**
 * `GET /api/auth/user/data`: everything the platform holds about the signed-in person, as a file
 * (JSON) and, in the same shape, the profile's printable page. Times are ISO 8601 (UTC).
 */
export const myData = z.object({
  exportedAt: z.string(),
  account: z.object({
    id: z.string(),
    code: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    gender: gender.nullable(),
    locale: z.string(),
    roles: z.array(z.string()),
    status: z.string(),
    createdAt: z.string(),
    lastSignInAt: when,
    providers: z.array(z.string()),
  }),
  /** What ECM certificates need (codice fiscale, profession, discipline), by id and name. */
  profile: z.object({
    fiscalCode: z.string().nullable(),
    profession: z.string().nullable(),
    discipline: z.string().nullable(),
    /** Rapporto di lavoro (lib_dip): L, D, C or P. */
    employment: z.string().nullable(),
  }),
  consents: z.array(z.object({ kind: z.literal('privacy'), version: z.string(), acceptedAt: when })),
  enrolments: z.array(z.object({ courseId: z.string(), course: z.string(), via: z.string(), enrolledAt: z.string() })),
  progress: z.array(z.object({ courseId: z.string(), course: z.string(), module: z.number().int(), session: z.number().int(), completedAt: z.string() })),
  positions: z.array(
    z.object({
      courseId: z.string(),
      course: z.string(),
      module: z.number().int(),
      session: z.number().int(),
      seconds: z.number().int(),
      updatedAt: z.string(),
    }),
  ),
  /** What SCORM packages recorded, per item: status, score (0..1), where the learner stopped and the package's own saved data. */
  scorm: z.array(
    z.object({
      courseId: z.string(),
      course: z.string(),
      module: z.number().int(),
      session: z.number().int(),
      sessionTitle: z.string(),
      item: z.string(),
      version: z.string(),
      completion: z.string(),
      success: z.string(),
      score: z.number().nullable(),
      location: z.string(),
      suspendData: z.string(),
      /** The time the package itself reported, in seconds (recorded, not the time the platform credits). */
      seconds: z.number().int(),
      updatedAt: z.string(),
    }),
  ),
  /** Learning time the server credited, in seconds, in all and per course. */
  trackedTime: z.object({
    totalSeconds: z.number().int(),
    courses: z.array(z.object({ courseId: z.string(), course: z.string(), seconds: z.number().int() })),
  }),
  /** The pages seen: how many, when first and last, and per device; the single hits are not listed. */
  hits: z.object({ count: z.number().int(), first: when, last: when, devices: z.array(z.object({ device: z.string(), count: z.number().int() })) }),
  badges: z.array(z.object({ id: z.string(), obtainedAt: z.string(), amount: z.number().int() })),
  levels: z.array(z.object({ categoryId: z.string(), level: z.number().int(), experience: z.number().int() })),
  ecmAttempts: z.array(
    z.object({
      courseId: z.string(),
      course: z.string(),
      number: z.number().int(),
      startedAt: z.string(),
      submittedAt: when,
      correct: z.number().int().nullable(),
      total: z.number().int().nullable(),
      passed: z.boolean().nullable(),
    }),
  ),
  certificates: z.array(
    z.object({ code: z.string(), courseId: z.string(), course: z.string(), credits: z.number(), completedAt: z.string(), issuedAt: z.string() }),
  ),
  supportRequests: z.array(
    z.object({
      id: z.number().int(),
      createdAt: z.string(),
      status: z.string(),
      /** The name and address the request was sent with (signed out, as typed). */
      name: z.string(),
      email: z.string(),
      message: z.string(),
      replies: z.array(z.object({ message: z.string(), createdAt: z.string() })),
    }),
  ),
  /** The e-mails to the account's address the outbox holds, sent or waiting: which message, its status, when (never their content). */
  emails: z.array(z.object({ template: z.string(), status: z.string(), createdAt: z.string(), sentAt: when })),
  /** Sign-ins (one per session, however often it renewed): when it began and until when it lasts, or when it ended. */
  sessions: z.array(z.object({ startedAt: z.string(), expiresAt: z.string(), endedAt: when })),
  /** Links sent by e-mail (a new password, the registration's confirmation, an invitation): when, until when, used or voided. */
  links: z.array(
    z.object({ kind: z.enum(['password-reset', 'registration', 'invitation']), createdAt: z.string(), expiresAt: z.string(), usedAt: when, voidedAt: when }),
  ),
});
export type MyData = z.infer<typeof myData>;

/**
 * `POST /api/auth/user/delete`: the owner confirms with the current password, or, for an account
 * without one (it signs in through a provider), by typing its e-mail address (else its user code).
 */
/** The longest confirmation: a password or an e-mail address. */
export const DELETION_CONFIRM_MAX_LENGTH = Math.max(PASSWORD_MAX_LENGTH, EMAIL_MAX_LENGTH);
export const accountDeletionRequest = z.object({ confirm: z.string().min(1).max(DELETION_CONFIRM_MAX_LENGTH) });
export type AccountDeletionRequest = z.input<typeof accountDeletionRequest>;

export const accountDeletionOutcome = z.object({ deleted: z.literal(true) });
