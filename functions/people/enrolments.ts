import type { D1Database } from '@cloudflare/workers-types';
import { normalizeCourseKey } from '../../core/course-key.ts';
import type { Enrolment } from '../../core/contracts/people.ts';
import { constantTimeEqual } from '../auth/password.ts';
import type { EnrolmentCsvReport, ImportRowError } from '../../core/contracts/people.ts';
import { columnKey, MAX_IMPORT_ROWS } from '../../core/people-import.ts';
import { enrol, findEnrolment, readEntryFacts, unenrol } from '../data/people/enrolment.ts';
import { enrolledAmong } from '../data/people/invitations.ts';
import { findPeopleByLogins, findPerson, listPeopleByIds } from '../data/people/people.ts';
import { kickOutbox } from '../email/outbox.ts';
import { decodeCsv, parseCsv } from './csv-file.ts';
import { enrolmentStatements, type StaffMailContext } from './people-import.ts';
import { HttpError } from '../http-error.ts';
import type { Language } from '../messages.ts';
import { requireCourse } from './course-access.ts';
import { peopleMessage } from './messages.ts';
import type { EntryUser } from '../course-access/entry.ts';
import { courseAccessMessage } from '../course-access/messages.ts';
import type { StaffActor } from './staff-actor.ts';

async function requirePerson(db: D1Database, siteId: string, userId: string, language: Language): Promise<void> {
  if (!(await findPerson(db, siteId, userId))) throw new HttpError(404, peopleMessage('personNotFound', language, { id: userId }));
}

/**
 * Staff enrol one person in one course, and a new enrolment sends them the course's e-mail;
 * enrolling them again keeps the first enrolment and sends nothing.
 */
export async function enrolPerson(context: StaffMailContext, courseId: string, userId: string): Promise<Enrolment> {
  const { env, actor, language } = context;
  await requireCourse(env.DB, actor.siteId, courseId, language);
  await requirePerson(env.DB, actor.siteId, userId, language);
  await env.DB.batch(await enrolmentStatements(context, courseId, await listPeopleByIds(env.DB, actor.siteId, [userId])));
  await kickOutbox(env);
  const enrolment = await findEnrolment(env.DB, courseId, userId);
  if (!enrolment) throw new Error(`enrolment of ${userId} in ${courseId} not stored`);
  return enrolment;
}

/**
 * Staff enrol a list of people (a CSV file of user codes or e-mails, one per row, the first cell
 * of each; a first row naming the column is left out) in a course, each new one with its e-mail.
 * A row naming nobody, or an e-mail several people share, is reported with its line and nothing
 * is written: the list is enrolled whole or not at all.
 */
export async function enrolFromCsv(context: StaffMailContext, courseId: string, bytes: Uint8Array): Promise<EnrolmentCsvReport> {
  const { env, actor, language } = context;
  await requireCourse(env.DB, actor.siteId, courseId, language);
  const records = parseCsv(decodeCsv(bytes), language)
    .map(({ line, cells }) => ({ line, login: (cells.find(Boolean) ?? '').slice(0, 254) }))
    .filter(({ line, login }) => !(line === 1 && LOGIN_HEADERS.has(columnKey(login))));
  if (!records.length) throw new HttpError(400, peopleMessage('enrolCsvEmpty', language));
  if (records.length > MAX_IMPORT_ROWS) throw new HttpError(400, peopleMessage('csvTooManyRows', language, { max: String(MAX_IMPORT_ROWS) }));
  const found = await findPeopleByLogins(
    env.DB,
    actor.siteId,
    records.map((record) => record.login),
  );
  const errors: ImportRowError[] = [];
  const ids = new Set<string>();
  for (const { line, login } of records) {
    const id = found.get(login) ?? null;
    if (id === 'many') errors.push({ row: line, field: 'login', message: peopleMessage('loginAmbiguous', language, { login }) });
    else if (!id) errors.push({ row: line, field: 'login', message: peopleMessage('loginNotFound', language, { login }) });
    else ids.add(id);
  }
  const already = await enrolledAmong(env.DB, courseId, [...ids]);
  const report = { rows: records.length, enrolled: errors.length ? 0 : ids.size - already.size, already: already.size, errors };
  if (errors.length) return report;
  await env.DB.batch(await enrolmentStatements(context, courseId, await listPeopleByIds(env.DB, actor.siteId, [...ids])));
  await kickOutbox(env);
  return report;
}

/** The names a list's first row may give its one column. */
const LOGIN_HEADERS = new Set(['email', 'e_mail', 'codice_utente', 'code', 'login', 'user_code', 'codice']);

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
  if (facts.mode === 'closed') throw new HttpError(403, courseAccessMessage('courseClosed', language, { id: courseId }));
  const write = { siteId, courseId, userId: learner.id, byId: learner.id, via: 'key' as const, now };
  if (facts.enrolled) return enrol(db, write);
  if (!facts.key) throw new HttpError(409, peopleMessage('courseKeyNotTaken', language, { id: courseId }));
  if (!sameKey(typed, facts.key)) throw new HttpError(400, peopleMessage('courseKeyWrong', language));
  return enrol(db, write);
}
