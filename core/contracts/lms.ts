import { z } from 'zod';
import { scormSessionState } from './scorm.ts';
import { MAX_POSITION_SECONDS } from '../resume.ts';
import { SESSION_KINDS } from '../course-outline.ts';

export const courseId = z.string().regex(/^[a-z0-9-]{1,100}$/);
const position = z.coerce.number().int().positive().max(999_999);
export const courseParams = z.object({ courseId });
export const sessionParams = z.object({ courseId, module: position, session: position });

export const courseCard = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  categorySlug: z.string(),
  ecmCredits: z.number().nullable(),
  duration: z.string(),
});
export type CourseCard = z.infer<typeof courseCard>;

export const sessionSummary = z.object({
  moduleNumber: z.number().int(),
  number: z.number().int(),
  title: z.string(),
  kind: z.enum(SESSION_KINDS),
  duration: z.string(),
  completedAt: z.number().nullable(),
});
export type SessionSummary = z.infer<typeof sessionSummary>;

/** A module: `number` is its identity (addresses name it), `position` its place in the course, from 1. */
export const moduleDetail = z.object({ number: z.number().int(), position: z.number().int(), title: z.string(), sessions: z.array(sessionSummary) });
export type ModuleDetail = z.infer<typeof moduleDetail>;

/** `GET /api/lms/course/{id}`. */
export const courseDetail = courseCard.extend({
  description: z.string(),
  modules: z.array(moduleDetail),
  /** Withdrawn from the catalogue: its learners still open it. */
  withdrawn: z.boolean(),
});
export type CourseDetail = z.infer<typeof courseDetail>;

const sessionPosition = z.object({ moduleNumber: z.number().int(), number: z.number().int() });

/** `GET /api/lms/course/{id}/session/{module}/{session}`. */
export const sessionDetail = sessionSummary.extend({
  courseId: z.string(),
  courseTitle: z.string(),
  /** The module's place in the course, from 1. */
  modulePosition: z.number().int(),
  body: z.string(),
  /** The video or the PDF (a private `/media/` address), or null. */
  mediaUrl: z.string().nullable(),
  /** A video's poster frame. */
  posterUrl: z.string().nullable(),
  /** A video's WebVTT captions, one per locale. */
  captions: z.array(z.object({ locale: z.string(), url: z.string() })),
  previous: sessionPosition.nullable(),
  next: sessionPosition.nullable(),
  /** Sessions of the whole course completed by the learner. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  /** Where the learner stopped in this video session, in seconds (any device), or null. */
  position: z.number().nullable(),
});
export type SessionDetail = z.infer<typeof sessionDetail>;

/** `POST /api/lms/course/{id}/session/{module}/{session}/complete`. */
export const completion = z.object({
  courseId: z.string(),
  moduleNumber: z.number().int(),
  number: z.number().int(),
  /** False when the session had been completed before: nothing new was awarded. */
  newlyCompleted: z.boolean(),
  progress: z.object({ done: z.number().int(), total: z.number().int(), courseCompleted: z.boolean() }),
  level: z.object({ categoryId: z.string(), level: z.number().int(), experience: z.number(), levelUp: z.boolean() }),
  badges: z.array(z.object({ _id: z.string(), name: z.string(), icon: z.string() })),
});
export type Completion = z.infer<typeof completion>;

export const learnerCourse = courseCard.extend({
  done: z.number().int(),
  total: z.number().int(),
  lastActivity: z.number(),
  /** What the learner's SCORM packages in the course reported, item by item. */
  scorm: z.array(scormSessionState),
  /** Every session done in an ECM course whose certificate is not issued yet: its assessment and steps remain. */
  ecmPending: z.boolean(),
});
export type LearnerCourse = z.infer<typeof learnerCourse>;

/** `GET /api/lms/courses/mine`. */
export const myCourses = z.object({ inProgress: z.array(learnerCourse), completed: z.array(learnerCourse) });

/**
 * `POST .../complete`: the tab's identity and the visible time its page counted since its last hit
 * (the hit beacon's), credited by the server's clocks before the evidence is read, so the time
 * spent on the page until the click counts. Both or neither.
 */
export const completeRequest = z
  .object({
    identity: z.string().trim().min(8).max(64),
    ms: z
      .number()
      .min(0)
      .max(24 * 60 * 60 * 1000),
  })
  .partial()
  .refine((body) => (body.identity === undefined) === (body.ms === undefined), { path: ['ms'] });

/** `PUT /api/lms/course/{id}/session/{module}/{session}/position`: where the video stopped. */
export const positionRequest = z.object({ seconds: z.number().min(0).max(MAX_POSITION_SECONDS) });
/** `watchedTo`: how far the server saw the video played at no more than real speed (core/session-evidence.ts). */
export const savedPosition = z.object({ seconds: z.number(), updatedAt: z.number(), watchedTo: z.number() });

/** `GET /api/lms/courses/progress?ids=a,b`: a learner's progress in the courses of a page built for everyone. */
export const progressQuery = z.object({
  ids: z
    .string()
    .max(2_000)
    .transform((text) => text.split(',').filter(Boolean))
    .pipe(z.array(courseId).min(1).max(50)),
});
export const courseProgress = z.object({
  signedIn: z.boolean(),
  courses: z.array(z.object({ id: z.string(), done: z.number().int(), total: z.number().int() })),
});
