import { scormSessionState } from './scorm.ts';
import { z } from 'zod';
import { COURSE_ACCESS_MODES } from '../course-access.ts';
import { IMPORT_DUPLICATES } from '../people-import.ts';
import { LISTED_STATES } from '../person-state.ts';
import { REGISTRATION_MODES } from '../registration-allowance.ts';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '../user-fields.ts';
import { plainText } from './common.ts';
import { courseId } from './lms.ts';
import { userUpdateRequest } from './user.ts';

/**
 * Staff calls (`people:manage`): people, their status, enrolment per course and progress reports;
 * and the learner's own enrolment with a course key.
 */

/**
 * A person's state as staff see it (core/person-state.ts): `invited` was created by staff and waits
 * for its person to choose a password; `pending` registered and has not confirmed the address yet;
 * `active`; `suspended` cannot sign in, and its sessions ended when it was suspended.
 */
export const PERSON_STATUSES = LISTED_STATES;
export const personStatus = z.enum(PERSON_STATUSES);
export type PersonStatus = z.infer<typeof personStatus>;

export const PEOPLE_PAGE_SIZE = 25;

/** A query parameter left empty (a form's "any" choice) counts as not given. */
const blankAsMissing = <Schema extends z.ZodType>(schema: Schema) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const pageNumber = z.coerce.number().int().min(1).max(1_000_000).default(1);

export const userIdParam = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);
export const personParams = z.object({ userId: userIdParam });

/** `GET /api/staff/people`: words of a name, e-mail, user code or codice fiscale (each the start of one), status, course. */
export const peopleQuery = z.object({
  q: z.string().trim().max(100).superRefine(plainText()).default(''),
  status: blankAsMissing(personStatus),
  course: blankAsMissing(courseId),
  page: pageNumber,
});
export type PeopleQuery = z.output<typeof peopleQuery>;

export const personSummary = z.object({
  id: z.string(),
  code: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  fiscalCode: z.string().nullable(),
  status: personStatus,
  /** When the person last signed in (password or identity provider), or null: never. */
  lastSignInAt: z.number().nullable(),
});
export type PersonSummary = z.infer<typeof personSummary>;

const paging = { total: z.number().int(), page: z.number().int(), pages: z.number().int(), pageSize: z.number().int() };

export const peoplePage = z.object({ people: z.array(personSummary), ...paging });
export type PeoplePage = z.infer<typeof peoplePage>;

/** `GET /api/staff/people/{userId}`, and the answer of a suspension or reactivation. */
export const personDetail = personSummary.extend({
  phone: z.string().nullable(),
  roles: z.array(z.string()),
  createdAt: z.number(),
  /** The identity providers the account signs in with. */
  providers: z.array(z.string()),
  /** An address asked for (by the person or staff) and not yet confirmed through its link: `email` stays until then. */
  pendingEmail: z.string().nullable(),
  /** The person's preferred language: their e-mails' and pages'. */
  locale: z.string(),
  /** A suspended account: the state reactivating returns it to (invited, pending or active); null otherwise. */
  resumesAs: personStatus.exclude(['suspended']).nullable(),
});
export type PersonDetail = z.infer<typeof personDetail>;

/** `DELETE /api/staff/people/{userId}`: the account is erased as its owner's own deletion erases it; `id` stays as the registry's pseudonym. */
export const personDeletion = z.object({ id: z.string(), deleted: z.literal(true) });
export type PersonDeletion = z.infer<typeof personDeletion>;

/**
 * `PUT /api/staff/people/{id}`: staff correct a person's names, address or language; a field left
 * out keeps its value, and a new address waits for its link as a person's own change does.
 */
export const personEditBody = userUpdateRequest.pick({ firstName: true, lastName: true, email: true, locale: true });

export const courseAccessMode = z.enum(COURSE_ACCESS_MODES);

/** A course's access as staff set it; `key` as people read it (ABCD-EFGH-JKMN), or null. */
export const courseAccess = z.object({ courseId: z.string(), mode: courseAccessMode, key: z.string().nullable() });
export type CourseAccess = z.infer<typeof courseAccess>;

export const staffCourseParams = z.object({ courseId });
export const courseAccessBody = z.object({ mode: courseAccessMode });

export const pageQuery = z.object({ page: pageNumber });

/** `GET /api/staff/courses`: every course of the site with its access and how many are enrolled. */
export const staffCourse = z.object({
  id: z.string(),
  title: z.string(),
  mode: courseAccessMode,
  hasKey: z.boolean(),
  enrolled: z.number().int(),
  withdrawn: z.boolean(),
});
export type StaffCourse = z.infer<typeof staffCourse>;
export const staffCoursesPage = z.object({ courses: z.array(staffCourse), ...paging });
export type StaffCoursesPage = z.infer<typeof staffCoursesPage>;

/** How someone came to be enrolled: staff enrolled them, or they typed the course key. */
export const ENROLMENT_WAYS = ['staff', 'key'] as const;
export const enrolmentWay = z.enum(ENROLMENT_WAYS);

export const enrolmentParams = z.object({ courseId, userId: userIdParam });
export const enrolment = z.object({ courseId: z.string(), userId: z.string(), enrolledAt: z.number(), via: enrolmentWay });
export type Enrolment = z.infer<typeof enrolment>;
export const unenrolment = z.object({ removed: z.boolean() });

/** `POST /api/lms/course/{id}/enrolment`: the course key as the learner typed it. */
export const courseKeyBody = z.object({ key: z.string().trim().min(1).max(40).superRefine(plainText()) });

/** Where an ECM course stands for a learner: submitted attempts, passed, questionnaire filled in, certificate. */
export const ecmProgress = z.object({ attempts: z.number().int(), passed: z.boolean(), questionnaire: z.boolean(), certificate: z.string().nullable() });

/**
 * One learner in one course, for both reports (a course's learners; a learner's courses):
 * enrolment, sessions done of those the course has now, learning time the server tracked in its
 * pages, last activity (a page, a completed session, a video position), and the ECM state (null
 * for a course without ECM credits).
 */
export const progressRow = z.object({
  userId: z.string(),
  code: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: personStatus,
  courseId: z.string(),
  courseTitle: z.string(),
  enrolledAt: z.number().nullable(),
  via: enrolmentWay.nullable(),
  done: z.number().int(),
  total: z.number().int(),
  trackedMs: z.number(),
  lastActivity: z.number().nullable(),
  ecm: ecmProgress.nullable(),
  /** The learner's SCORM sessions of the course: what the package last committed (core/scorm/runtime.ts). */
  scorm: z.array(scormSessionState),
});
export type ProgressRow = z.infer<typeof progressRow>;

export const courseLearnersPage = z.object({
  courseId: z.string(),
  courseTitle: z.string(),
  mode: courseAccessMode,
  learners: z.array(progressRow),
  ...paging,
});
export type CourseLearnersPage = z.infer<typeof courseLearnersPage>;
export const personCourses = z.array(progressRow);

/**
 * `POST /api/staff/people`: one account staff create, invited by e-mail. The fields are checked
 * as an import's row is (functions/people/people-import.ts), with the same messages.
 */
export const newPersonBody = z.object({
  firstName: z.string().trim().max(NAME_MAX_LENGTH).superRefine(plainText()),
  lastName: z.string().trim().max(NAME_MAX_LENGTH).superRefine(plainText()),
  email: z.string().trim().max(EMAIL_MAX_LENGTH),
  fiscalCode: z.string().trim().max(16).default(''),
  locale: z.string().trim().max(5).default(''),
});
export type NewPersonBody = z.input<typeof newPersonBody>;

/** `PUT /api/staff/people/{userId}/fiscal-code`: the person's codice fiscale as staff correct it; empty removes it. */
export const fiscalCodeBody = z.object({
  fiscalCode: z
    .string()
    .trim()
    .max(16)
    .transform((value) => value.toUpperCase()),
});

/** The largest CSV file staff may send, to the API or a staff page (about 40,000 people of the import's columns). */
export const MAX_CSV_BYTES = 4 * 1024 * 1024;

/** A CSV file as the request's body (`application/octet-stream`, its Content-Length): at most MAX_CSV_BYTES (413 over it). */
export const csvBody = z.object({
  length: z.number().int().min(0).max(MAX_CSV_BYTES),
  stream: z.custom<ReadableStream<Uint8Array>>((value) => value instanceof ReadableStream),
});

/** `POST /api/staff/people/import?dryRun=1&duplicates=skip&course=…`: a dry run writes nothing and reports. */
export const importQuery = z.object({
  dryRun: z
    .enum(['0', '1'])
    .default('0')
    .transform((value) => value === '1'),
  duplicates: z.enum(IMPORT_DUPLICATES).default('skip'),
  course: blankAsMissing(courseId),
});

/** A row of a CSV file that is not written: its line in the file (the header is line 1), its column and why, in the caller's language. */
export const importRowError = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
export type ImportRowError = z.infer<typeof importRowError>;

/** The account a row of an import found (by e-mail, user code or codice fiscale): staff see which one. */
const importedAccount = z.object({ userId: z.string(), code: z.string(), name: z.string() });

/**
 * An existing account a row changes ("update"): each field that changes, its value before and
 * after (column names as the file's); `notes`, what the row asks that the import will not do, and why.
 */
export const importChange = importedAccount.extend({
  row: z.number().int(),
  fields: z.array(z.object({ field: z.string(), before: z.string(), after: z.string() })),
  notes: z.array(z.string()),
});
export type ImportChange = z.infer<typeof importChange>;

/** A row left out because its person exists (the "skip" choice, or nothing to change), with why. */
export const importSkip = importedAccount.extend({ row: z.number().int(), reason: z.string() });
export type ImportSkip = z.infer<typeof importSkip>;

/**
 * What an import did, or would do (`dryRun`): rows read, people created (invited), updated, skipped
 * as duplicates, newly enrolled; rows in error; each account changed and how, each row skipped and why.
 */
export const importReport = z.object({
  dryRun: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  enrolled: z.number().int(),
  errors: z.array(importRowError),
  changes: z.array(importChange),
  skippedRows: z.array(importSkip),
});
export type ImportReport = z.infer<typeof importReport>;

/** `POST /api/staff/courses/{id}/enrolments.csv`: rows read, newly enrolled, already enrolled; with errors nothing is enrolled. */
export const enrolmentCsvReport = z.object({ rows: z.number().int(), enrolled: z.number().int(), already: z.number().int(), errors: z.array(importRowError) });
export type EnrolmentCsvReport = z.infer<typeof enrolmentCsvReport>;

/** An invitation or a password reset written to the outbox. */
export const mailSent = z.object({ sent: z.literal(true) });

/** `PUT /api/staff/registration`: anyone may register, or only staff create accounts. */
export const registrationSetting = z.object({ mode: z.enum(REGISTRATION_MODES) });
export type RegistrationSetting = z.infer<typeof registrationSetting>;
