import { env } from 'cloudflare:workers';
import type { AssessmentReview, EcmStatus } from '../../core/contracts/ecm.ts';
import { sessionsToReview } from '../../core/ecm/review-sessions.ts';
import { findEcmCourse } from '../../functions/data/ecm/courses.ts';
import { findCertificate, listCertificates, type CertificateView } from '../../functions/data/ecm/records.ts';
import { passedAttemptReview } from '../../functions/ecm/assessment-review.ts';
import { checkCertificateCode } from '../../functions/ecm/certificate-code.ts';
import { loadStanding, publicStatus, standingOf } from '../../functions/ecm/standing.ts';
import type { LearnerCourseFacts } from '../../functions/data/lms/course-page.ts';
import type { PageContext } from './page-context.ts';

/** The learner's ECM status in a course from what the course page read (functions/data/lms/course-page.ts), or null for a course without ECM credits. */
export function courseEcmStatus(learner: LearnerCourseFacts): EcmStatus | null {
  return learner.ecmCourse ? publicStatus(standingOf(learner.ecmCourse, learner.sessions, learner.standing)) : null;
}

/**
 * The ECM page's start: the learner's status; when their last attempt failed and none is open
 * yet, the `module.session` keys of the sessions its wrong answers come from; once they passed,
 * the passed attempt's review (correct answers included: it can no longer be retaken). Null for a
 * course without ECM credits.
 */
export async function loadEcmJourney(
  page: PageContext,
  courseId: string,
  userId: string,
): Promise<{ status: EcmStatus; failedReview: Set<string> | null; passedReview: AssessmentReview | null } | null> {
  const course = await findEcmCourse(env.DB, page.site._id, courseId);
  if (!course) return null;
  const standing = await loadStanding(env.DB, page.site._id, course, userId, page.locale, page.site.defaultLocale);
  const last = standing.attempts.filter((attempt) => attempt.submittedAt !== null).at(-1);
  const failed = last && !last.passed && !standing.open && !standing.passedAttempt ? last : null;
  return {
    status: publicStatus(standing),
    failedReview: failed ? sessionsToReview(failed.questions, failed.answers) : null,
    passedReview: standing.passedAttempt ? passedAttemptReview(standing.passedAttempt) : null,
  };
}

export async function loadCertificates(page: PageContext, userId: string): Promise<CertificateView[]> {
  return listCertificates(env.DB, page.site._id, userId, page.locale, page.site.defaultLocale);
}

/** A certificate for the public verification page: null when the code is malformed, forged or unknown. */
export async function verifyCertificate(
  page: PageContext,
  code: string,
): Promise<{ initials: string; courseTitle: string; completedAt: number; code: string } | null> {
  const checked = await checkCertificateCode(env.SESSION_SECRET, code);
  const found = checked ? await findCertificate(env.DB, checked, page.locale, page.site.defaultLocale) : null;
  if (!found || found.siteId !== page.site._id) return null;
  // Only initials: the page is public and proves the certificate, not who the learner is.
  const initial = (name: string) => `${[...name.trim()][0]?.toUpperCase() ?? ''}.`;
  return {
    initials: `${initial(found.firstName)} ${initial(found.lastName)}`,
    courseTitle: found.courseTitle,
    completedAt: found.completedAt,
    code: found.code,
  };
}

/** The interface strings an island needs, by key prefix. */
export function stringsFor(page: PageContext, prefixes: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(page.strings).filter(([key]) => prefixes.some((prefix) => key.startsWith(prefix))));
}
