import type { D1Database } from '@cloudflare/workers-types';
import { normalizeCourseKey } from '../../core/course-key.ts';
import type { Enrolment } from '../../core/contracts/people.ts';
import { constantTimeEqual } from '../auth/password.ts';
import { enrol, readEntryFacts, unenrol } from '../data/people/enrolment.ts';
import { findPerson } from '../data/people/people.ts';
import { HttpError } from '../http-error.ts';
import type { Language } from '../messages.ts';
import { requireCourse } from './course-access.ts';
import { peopleMessage } from './messages.ts';
import type { EntryUser } from './course-entry.ts';
import type { StaffActor } from './staff-actor.ts';

async function requirePerson(db: D1Database, siteId: string, userId: string, language: Language): Promise<void> {
  if (!(await findPerson(db, siteId, userId))) throw new HttpError(404, peopleMessage('personNotFound', language, { id: userId }));
}

/** Staff enrol one person in one course; enrolling them again keeps the first enrolment. */
export async function enrolPerson(db: D1Database, actor: StaffActor, courseId: string, userId: string, now: number, language: Language): Promise<Enrolment> {
  await requireCourse(db, actor.siteId, courseId, language);
  await requirePerson(db, actor.siteId, userId, language);
  return enrol(db, { siteId: actor.siteId, courseId, userId, byId: actor.id, via: 'staff', now });
}

/** Staff end an enrolment; the learner's progress and certificates stay. False when they were not enrolled. */
export async function unenrolPerson(db: D1Database, actor: StaffActor, courseId: string, userId: string, now: number, language: Language): Promise<boolean> {
  await requireCourse(db, actor.siteId, courseId, language);
  await requirePerson(db, actor.siteId, userId, language);
  return unenrol(db, { siteId: actor.siteId, courseId, userId, actorId: actor.id, now });
}

const sameKey = (typed: string, stored: string) => {
  const encoder = new TextEncoder();
  return constantTimeEqual(encoder.encode(normalizeCourseKey(typed)), encoder.encode(stored));
};

/**
 * A learner enrols with the course key staff handed out: only in a course taken by enrolment that
 * has a key. Already enrolled, they stay as they were, whatever they typed.
 */
export async function enrolWithKey(
  db: D1Database,
  siteId: string,
  learner: EntryUser,
  courseId: string,
  typed: string,
  now: number,
  language: Language,
): Promise<Enrolment> {
  await requireCourse(db, siteId, courseId, language);
  const facts = await readEntryFacts(db, courseId, learner.id);
  if (facts.mode === 'open') throw new HttpError(409, peopleMessage('courseOpen', language, { id: courseId }));
  if (facts.mode === 'closed') throw new HttpError(403, peopleMessage('courseClosed', language, { id: courseId }));
  const write = { siteId, courseId, userId: learner.id, byId: learner.id, via: 'key' as const, now };
  if (facts.enrolled) return enrol(db, write);
  if (!facts.key) throw new HttpError(409, peopleMessage('courseKeyNotTaken', language, { id: courseId }));
  if (!sameKey(typed, facts.key)) throw new HttpError(400, peopleMessage('courseKeyWrong', language));
  return enrol(db, write);
}
