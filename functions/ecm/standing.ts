import type { D1Database } from '@cloudflare/workers-types';
import { attemptsLeft, missingMinutes, scorePercent } from '../../core/ecm/assessment-rules.ts';
import type { CertificateSummary, EcmProfile, EcmStatus } from '../../core/contracts/ecm.ts';
import { attemptsOf, attemptsStatement, type Attempt, type AttemptOutcome } from '../data/ecm/attempts.ts';
import { sessionProgressOf, sessionProgressStatement, type EcmCourse, type EcmSettings } from '../data/ecm/courses.ts';
import type { CertificateView } from '../data/ecm/records.ts';
import { standingFactsOf, standingStatements, type StandingFacts } from '../data/ecm/standing-facts.ts';

/** A learner's standing, with their attempts whole (by default) or only their outcomes (the course page's). */
export interface Standing<A extends AttemptOutcome = Attempt> extends EcmStatus {
  attempts: A[];
  open: A | null;
  passedAttempt: A | null;
  profile: EcmProfile;
  /** The site's provider and time rule; null until an accredited provider is configured. */
  settings: EcmSettings | null;
}

export function certificateSummary(view: CertificateView): CertificateSummary {
  return {
    code: view.code,
    courseId: view.courseId,
    credits: view.credits,
    issuedAt: new Date(view.issuedAt).toISOString(),
    completedAt: new Date(view.completedAt).toISOString(),
    courseTitle: view.courseTitle,
  };
}

export function missingProfileFields(profile: EcmProfile): EcmStatus['missingProfile'] {
  return (['fiscalCode', 'professionId', 'disciplineId', 'employment'] as const).filter((field) => !profile[field]);
}

/** Where a learner stands in an ECM course: every rule the next step depends on, read once (one batch). */
export async function loadStanding(
  db: D1Database,
  siteId: string,
  course: EcmCourse,
  userId: string,
  locale: string,
  defaultLocale: string,
): Promise<Standing> {
  const [progress, attempts, ...facts] = await db.batch([
    sessionProgressStatement(db, userId, course.courseId),
    attemptsStatement(db, userId, course.courseId),
    ...standingStatements(db, siteId, course.courseId, userId, locale, defaultLocale),
  ]);
  return standingOf(course, sessionProgressOf(progress), standingFactsOf(attemptsOf(attempts), facts));
}

/** The standing from what it rests on, however it was read (the course page reads it in its own batch). */
export function standingOf<A extends AttemptOutcome>(course: EcmCourse, sessions: { done: number; total: number }, facts: StandingFacts<A>): Standing<A> {
  const { attempts, settings, satisfied, certificate, profile } = facts;
  const minShare = settings?.minTimeShare ?? null;
  const minutes = minShare === null ? 0 : missingMinutes(facts.trackedMs, course.declaredMs, minShare);
  const submitted = attempts.filter((attempt) => attempt.submittedAt !== null);
  const passedAttempt = submitted.find((attempt) => attempt.passed) ?? null;
  const last = submitted.at(-1);
  const left = attemptsLeft(course.mode, submitted.length);
  const missingProfile = missingProfileFields(profile);
  let step: EcmStatus['step'];
  if (certificate) step = 'done';
  else if (passedAttempt) step = !satisfied ? 'satisfaction' : missingProfile.length ? 'profile' : 'certificate';
  else if (sessions.done < sessions.total) step = 'sessions';
  else if (minutes > 0) step = 'time';
  else if (left === 0) step = 'exhausted';
  else step = 'assessment';
  return {
    courseId: course.courseId,
    credits: course.credits,
    step,
    sessions,
    missingMinutes: minutes,
    attemptsUsed: submitted.length,
    attemptsLeft: left,
    lastResult: last
      ? {
          correct: last.correct ?? 0,
          total: last.total ?? 0,
          score: scorePercent(last.correct ?? 0, last.total ?? 0),
          passed: last.passed === true,
          submittedAt: new Date(last.submittedAt ?? 0).toISOString(),
        }
      : null,
    satisfactionDone: satisfied,
    missingProfile,
    certificate: certificate ? certificateSummary(certificate) : null,
    attempts,
    open: attempts.find((attempt) => attempt.submittedAt === null) ?? null,
    passedAttempt,
    profile,
    settings,
  };
}

/** The status as the API answers it: without attempts' questions or the learner's profile. */
export function publicStatus(standing: Standing<AttemptOutcome>): EcmStatus {
  const { attempts: _attempts, open: _open, passedAttempt: _passed, profile: _profile, settings: _settings, ...status } = standing;
  return status;
}
