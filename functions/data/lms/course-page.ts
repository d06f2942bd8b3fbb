import type { D1Database, D1Result } from '@cloudflare/workers-types';
import type { CourseDetail } from '../../../core/contracts/lms.ts';
import { attemptOutcomesOf, attemptOutcomesStatement, type AttemptOutcome } from '../ecm/attempts.ts';
import { declaredMsOf, type EcmCourse } from '../ecm/courses.ts';
import { standingFactsOf, standingStatements, type StandingFacts } from '../ecm/standing-facts.ts';
import { entryFactsOf, entryFactsStatement, type EntryFacts } from '../people/enrolment.ts';
import { courseScormStatesOf, courseScormStatesStatement, type CourseScormState } from '../scorm/state.ts';
import { readPageBatch, type PageBatch, type ReadAhead } from '../read-ahead.ts';
import { courseFromResults, courseStatements } from './courses.ts';

/** What a signed-in learner's course page shows beside the course, read whether or not it lets them in: the page decides what to show. */
export interface LearnerCourseFacts {
  entry: EntryFacts;
  /** The course's ECM event, for a course with credits and an accredited event (as findEcmCourse finds it), else null. */
  ecmCourse: EcmCourse | null;
  /** The learner's sessions of the course, completed and in all. */
  sessions: { done: number; total: number };
  /** The ECM standing's facts, with the attempts' outcomes only: the page shows no question. */
  standing: StandingFacts<AttemptOutcome>;
  scorm: CourseScormState[];
}

/** The course page's reading: the course, and a learner's facts beside it. */
export type CoursePage = { course: CourseDetail; learner: LearnerCourseFacts | null };

/**
 * Everything the course page reads, in one batch (one round trip, one transaction): the course,
 * and for a learner whether the course lets them in, their ECM standing and what their SCORM
 * packages reported. The ECM course and the learner's session count come from the course's own
 * rows, not from reads of their own. Results read ahead for the same arguments are used instead.
 */
export async function readCoursePage(
  db: D1Database,
  siteId: string,
  courseId: string,
  locale: string,
  defaultLocale: string,
  userId: string | null,
  ahead?: ReadAhead,
): Promise<CoursePage | null> {
  return readPageBatch(db, coursePageBatch(db, siteId, courseId, locale, defaultLocale, userId), ahead);
}

/** What coursePageBatch's results were read for: results read ahead serve only a page asking the same. */
export function coursePageKey(siteId: string, courseId: string, locale: string, defaultLocale: string, userId: string | null): string {
  return JSON.stringify(['course-page', siteId, courseId, locale, defaultLocale, userId]);
}

/**
 * readCoursePage's statements, and how to read their results: a signed-in page sends them with its
 * session's read (functions/auth/session.ts, SessionRider). Only reads.
 */
export function coursePageBatch(
  db: D1Database,
  siteId: string,
  courseId: string,
  locale: string,
  defaultLocale: string,
  userId: string | null,
): PageBatch<CoursePage | null> {
  const course = courseStatements(db, siteId, courseId, locale, defaultLocale, userId);
  const learner = userId
    ? [
        entryFactsStatement(db, courseId, userId),
        courseScormStatesStatement(db, userId, courseId),
        attemptOutcomesStatement(db, userId, courseId),
        ...standingStatements(db, siteId, courseId, userId, locale, defaultLocale),
      ]
    : [];
  const read = (results: D1Result[]): CoursePage | null => {
    const found = courseFromResults(results.slice(0, course.length));
    if (!found) return null;
    if (!userId) return { course: found.course, learner: null };
    const [entry, scorm, attempts, ...standing] = results.slice(course.length);
    const facts = standingFactsOf(attemptOutcomesOf(attempts), standing);
    const { ecmCredits } = found.course;
    return {
      course: found.course,
      learner: {
        entry: entryFactsOf(entry),
        ecmCourse:
          ecmCredits !== null && facts.event
            ? { courseId: found.course.id, credits: ecmCredits, ...facts.event, declaredMs: declaredMsOf(found.sessions.map((session) => session.duration)) }
            : null,
        sessions: { done: found.sessions.filter((session) => session.completedAt !== null).length, total: found.sessions.length },
        standing: facts,
        scorm: courseScormStatesOf(scorm),
      },
    };
  };
  return { key: coursePageKey(siteId, courseId, locale, defaultLocale, userId), statements: [...course, ...learner], read };
}
