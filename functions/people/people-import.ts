import type { D1PreparedStatement } from '@cloudflare/workers-types';
import type { ImportChange, ImportReport, ImportRowError, ImportSkip } from '../../core/contracts/people.ts';
import { columnKey, IMPORT_COLUMNS, INVITATION_TTL_MS, MAX_IMPORT_ROWS, type ImportDuplicates, type ImportField } from '../../core/people-import.ts';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, NAME_MAX_LENGTH } from '../../core/user-fields.ts';
import { hashToken, newToken } from '../shared/token.ts';
import { loadPermissions } from '../data/auth/roles.ts';
import { insertOutboxRowsStatement } from '../data/email/outbox.ts';
import { findCourseTitle } from '../data/people/enrolment.ts';
import {
  enrolledAmong,
  enrolManyStatements,
  findKnownPeople,
  newPeopleStatements,
  updatePeopleStatements,
  type KnownPerson,
  type NewPerson,
  type PersonUpdate,
} from '../data/people/invitations.ts';
import { isFiscalCodeTaken } from '../data/people/fiscal-code.ts';
import { listPeopleByIds } from '../data/people/people.ts';
import { findSite } from '../data/site/sites.ts';
import { fiscalCodeMismatch, hasFiscalCodeShape, isValidFiscalCode } from '../../core/fiscal-code.ts';
import { kickOutbox, outboxRows } from '../email/outbox.ts';
import type { Env } from '../env.ts';
import { HttpError } from '../http-error.ts';
import type { Language } from '../messages.ts';
import { requireCourse } from './course-access.ts';
import { coursePath } from '../../core/course-path.ts';
import { decodeCsv, parseCsv } from './csv-file.ts';
import { peopleMessage, type PeopleMessageKey } from './messages.ts';
import type { StaffActor } from './staff-actor.ts';

/** Who writes, in which language refusals are worded, and the origin the e-mails' links start with. */
export interface StaffMailContext {
  env: Env;
  actor: StaffActor;
  language: Language;
  now: number;
  origin: string;
}

/** One person as staff give them (a CSV row, or the staff page's form). */
export interface PersonInput {
  firstName: string;
  lastName: string;
  email: string;
  fiscalCode: string;
  locale: string;
}

interface Row extends PersonInput {
  line: number;
}

/** Rows per statement: each statement binds one JSON array, well under D1's 2 MB per value. */
const CHUNK = 200;
const chunks = <T>(items: readonly T[]): T[][] => Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

const columnName = (field: ImportField) => IMPORT_COLUMNS.find((column) => column.field === field)?.name ?? field;

/** The rows of the file, by the columns its first row names; a required column missing, no rows or too many are refusals of the whole file. */
function readRows(bytes: Uint8Array, language: Language): Row[] {
  const [header, ...records] = parseCsv(decodeCsv(bytes), language);
  if (!header) throw new HttpError(400, peopleMessage('csvEmpty', language));
  const keys = header.cells.map(columnKey);
  const index = new Map<ImportField, number>();
  for (const column of IMPORT_COLUMNS) {
    const at = keys.findIndex((key) => key === columnKey(column.name) || key === columnKey(column.alias));
    if (at >= 0) index.set(column.field, at);
    else if (column.required) {
      throw new HttpError(400, peopleMessage('csvColumnMissing', language, { column: column.name, columns: IMPORT_COLUMNS.map((c) => c.name).join(', ') }));
    }
  }
  if (!records.length) throw new HttpError(400, peopleMessage('csvEmpty', language));
  if (records.length > MAX_IMPORT_ROWS) throw new HttpError(400, peopleMessage('csvTooManyRows', language, { max: String(MAX_IMPORT_ROWS) }));
  const cell = (cells: string[], field: ImportField) => {
    const at = index.get(field);
    return at === undefined ? '' : (cells[at] ?? '');
  };
  return records.map(({ line, cells }) => ({
    line,
    firstName: cell(cells, 'firstName'),
    lastName: cell(cells, 'lastName'),
    email: cell(cells, 'email').toLowerCase(),
    fiscalCode: cell(cells, 'fiscalCode').toUpperCase(),
    locale: cell(cells, 'locale'),
  }));
}

/** One thing wrong with a person's fields: the field, its name as the reader knows it, and the message naming it. */
export interface PersonProblem {
  key: ImportField;
  field: string;
  message: string;
}

/**
 * What is wrong with one person's fields. An import's row names its fields by their columns; a
 * form (`fieldName`, its labels) by its labels, and speaks of the form, not of a row.
 */
export function personProblems(
  person: PersonInput,
  locales: readonly string[],
  language: Language,
  fieldName: ((field: ImportField) => string) | null = null,
): PersonProblem[] {
  const problems: PersonProblem[] = [];
  const nameOf = fieldName ?? columnName;
  const say = (key: ImportField, message: PeopleMessageKey, values: Record<string, string> = {}) =>
    problems.push({ key, field: nameOf(key), message: peopleMessage(message, language, { field: nameOf(key), ...values }) });
  for (const field of ['firstName', 'lastName'] as const) {
    if (!person[field]) say(field, 'importRequired');
    else if ([...person[field]].length > NAME_MAX_LENGTH) say(field, 'importTooLong', { max: String(NAME_MAX_LENGTH) });
  }
  if (!person.email) say('email', 'importRequired');
  else if (person.email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(person.email)) say('email', 'importEmail', { value: person.email.slice(0, 80) });
  if (person.fiscalCode && !isValidFiscalCode(person.fiscalCode))
    say('fiscalCode', hasFiscalCodeShape(person.fiscalCode) ? 'importFiscalCode' : 'importFiscalCodeShape', { value: person.fiscalCode.slice(0, 40) });
  else if (person.fiscalCode && person.firstName && person.lastName && fiscalCodeMismatch(person.fiscalCode, person)) {
    say('fiscalCode', fieldName ? 'personFiscalCodeNames' : 'importFiscalCodeNames', { value: person.fiscalCode });
  }
  if (person.locale && !locales.includes(person.locale)) say('locale', 'importLocale', { value: person.locale.slice(0, 20), locales: locales.join(', ') });
  return problems;
}

interface Plan {
  create: (Row & { id: string })[];
  update: PersonUpdate[];
  /** Everyone the file names who is or will be a person of the site: the course's enrolment takes them all. */
  people: string[];
  changes: ImportChange[];
  skipped: ImportSkip[];
  errors: ImportRowError[];
}

/** A matched person whose roles grant what the staff member's do not: an import must not rewrite an editor's e-mail. */
async function strongerThan(context: StaffMailContext, known: KnownPerson[]): Promise<Set<string>> {
  const { env, actor } = context;
  const mine: Set<string> = await loadPermissions(env.DB, actor.roles);
  const stronger = new Set<string>();
  const byRoles = new Map<string, Promise<Set<string>>>();
  for (const person of known) {
    if (!byRoles.has(person.roles)) byRoles.set(person.roles, loadPermissions(env.DB, JSON.parse(person.roles) as string[]));
    if ([...(await byRoles.get(person.roles)!)].some((permission) => !mine.has(permission))) stronger.add(person.id);
  }
  return stronger;
}

/**
 * What updating `person` with a row changes, field by field (before and after, as staff read
 * them), and what it will not: an account that is not invited keeps its e-mail (its owner uses it
 * to sign in and to reset the password), and an empty codice fiscale in the file keeps the account's.
 */
function updateOf(row: Row, person: KnownPerson, language: Language): { change: Pick<ImportChange, 'row' | 'fields' | 'notes'>; write: PersonUpdate } {
  const fields: ImportChange['fields'] = [];
  const notes: string[] = [];
  const compare = (field: ImportField, before: string, after: string) => {
    if (before !== after) fields.push({ field: columnName(field), before, after });
  };
  compare('firstName', person.firstName, row.firstName);
  compare('lastName', person.lastName, row.lastName);
  const before = person.email ?? '';
  const emailChanges = before.toLowerCase() !== row.email;
  const emailWritten = emailChanges && person.status === 'invited';
  if (emailWritten) compare('email', before, row.email);
  else if (emailChanges) notes.push(peopleMessage('importEmailKept', language, { before }));
  if (row.fiscalCode) compare('fiscalCode', person.fiscalCode ?? '', row.fiscalCode);
  return {
    change: { row: row.line, fields, notes },
    write: { id: person.id, firstName: row.firstName, lastName: row.lastName, email: emailWritten ? row.email : null, fiscalCode: row.fiscalCode || null },
  };
}

/**
 * What a file's rows become: each row checked (its fields, repeated in the file), then matched
 * against the site's people by e-mail (or a user code equal to it) and codice fiscale: no match
 * is a new invited person; one match is a duplicate, updated or skipped as staff chose; two
 * different people is an error.
 */
async function planRows(
  context: StaffMailContext,
  rows: Row[],
  duplicates: ImportDuplicates,
  locales: readonly string[],
  defaultLocale: string,
): Promise<Plan> {
  const { env, actor, language } = context;
  const errors: ImportRowError[] = [];
  const seenEmail = new Map<string, number>();
  const seenFiscalCode = new Map<string, number>();
  const valid: Row[] = [];
  for (const row of rows) {
    const problems = personProblems(row, locales, language);
    const earlier = (seen: Map<string, number>, value: string, field: ImportField) => {
      const first = value ? seen.get(value) : undefined;
      if (first !== undefined)
        problems.push({
          key: field,
          field: columnName(field),
          message: peopleMessage('importRepeated', language, { field: columnName(field), value, row: String(first) }),
        });
      else if (value) seen.set(value, row.line);
    };
    if (!problems.length) {
      earlier(seenEmail, row.email, 'email');
      earlier(seenFiscalCode, row.fiscalCode, 'fiscalCode');
    }
    if (problems.length) errors.push(...problems.map(({ field, message }) => ({ row: row.line, field, message })));
    else valid.push({ ...row, locale: row.locale || defaultLocale });
  }
  const known = await findKnownPeople(
    env.DB,
    actor.siteId,
    valid.map((row) => row.email),
    valid.map((row) => row.fiscalCode).filter(Boolean),
  );
  const byEmail = new Map<string, KnownPerson[]>();
  const byFiscalCode = new Map<string, KnownPerson>();
  for (const person of known) {
    for (const address of new Set([person.email?.toLowerCase(), person.code.toLowerCase()])) {
      if (address) byEmail.set(address, [...(byEmail.get(address) ?? []), person]);
    }
    if (person.fiscalCode) byFiscalCode.set(person.fiscalCode, person);
  }
  const stronger = duplicates === 'update' ? await strongerThan(context, known) : new Set<string>();
  const plan: Plan = { create: [], update: [], people: [], changes: [], skipped: [], errors };
  for (const row of valid) {
    const byAddress = new Map((byEmail.get(row.email) ?? []).map((person) => [person.id, person]));
    const sameFiscalCode = row.fiscalCode ? byFiscalCode.get(row.fiscalCode) : undefined;
    const matches = new Map([...byAddress, ...(sameFiscalCode ? [[sameFiscalCode.id, sameFiscalCode] as const] : [])]);
    const [match, other] = [...matches.values()];
    const refuse = (field: string, message: string) => errors.push({ row: row.line, field, message });
    const account = (person: KnownPerson) => ({ userId: person.id, code: person.code, name: `${person.firstName} ${person.lastName}` });
    if (other) {
      const [byMail] = byAddress.values();
      // The e-mail names one account and the codice fiscale another: say which is which.
      if (sameFiscalCode && byMail && !byAddress.has(sameFiscalCode.id)) {
        refuse(
          `${columnName('email')}, ${columnName('fiscalCode')}`,
          peopleMessage('importTwoAccounts', language, { email: row.email, emailUser: byMail.code, code: row.fiscalCode, codeUser: sameFiscalCode.code }),
        );
      } else refuse(columnName('email'), peopleMessage('importTwoPeople', language));
    } else if (!match) {
      const id = crypto.randomUUID();
      plan.create.push({ ...row, id });
      plan.people.push(id);
    } else if (duplicates === 'skip') {
      const key = byAddress.has(match.id) ? 'importSkippedByEmail' : 'importSkippedByFiscalCode';
      plan.skipped.push({ row: row.line, ...account(match), reason: peopleMessage(key, language, { user: match.code }) });
      plan.people.push(match.id);
    } else if (stronger.has(match.id)) refuse(columnName('email'), peopleMessage('importStronger', language));
    else {
      const fiscalCode = row.fiscalCode || match.fiscalCode;
      if (fiscalCode && fiscalCodeMismatch(fiscalCode, { ...row, gender: match.gender })) {
        refuse(
          columnName(row.fiscalCode ? 'fiscalCode' : 'lastName'),
          peopleMessage('importAccountFiscalCode', language, { user: match.code, value: fiscalCode }),
        );
        continue;
      }
      const update = updateOf(row, match, language);
      if (!update.change.fields.length && !update.change.notes.length) {
        plan.skipped.push({ row: row.line, ...account(match), reason: peopleMessage('importSkippedUnchanged', language, { user: match.code }) });
      } else {
        plan.changes.push({ ...account(match), ...update.change });
        if (update.change.fields.length) plan.update.push(update.write);
      }
      plan.people.push(match.id);
    }
  }
  errors.sort((a, b) => a.row - b.row);
  return plan;
}

/**
 * The invitation e-mail of a new person, and its link for D1. A person enrolled in a course at the
 * same time is told of it in this one message (`course`: its title in their language).
 */
async function invitationOf(context: StaffMailContext, person: NewPerson, course: string | undefined) {
  const token = newToken();
  const path = `/${person.locale}/invitation?${new URLSearchParams({ t: token })}`;
  const values = { name: person.firstName, code: person.code, path, days: INVITATION_TTL_MS / 86_400_000 };
  const mail = {
    key: person.id,
    siteId: context.actor.siteId,
    to: person.email,
    locale: person.locale,
    origin: context.origin,
    ...(course === undefined ? { template: 'invitation' as const, values } : { template: 'invitation-enrolled' as const, values: { ...values, course } }),
  };
  return { mail, link: { userId: person.id, tokenHash: await hashToken(token), expiresAt: context.now + INVITATION_TTL_MS } };
}

/** A course's title in each of `locales` (the site's default language's where one has none). */
async function courseTitles(context: StaffMailContext, courseId: string, locales: Iterable<string>): Promise<Map<string, string>> {
  const { env, actor } = context;
  const defaultLocale = (await findSite(env.DB, actor.siteId))?.defaultLocale ?? 'it-IT';
  const titles = new Map<string, string>();
  for (const locale of new Set(locales)) titles.set(locale, (await findCourseTitle(env.DB, actor.siteId, courseId, locale, defaultLocale)) ?? courseId);
  return titles;
}

/** The course e-mail of each person of `people` newly enrolled, in their language (`titles`: the course's title in each). */
function enrolmentMails(
  context: StaffMailContext,
  courseId: string,
  people: readonly { id: string; firstName: string; email: string | null; locale: string }[],
  titles: ReadonlyMap<string, string>,
) {
  return people
    .filter((person): person is typeof person & { email: string } => !!person.email && EMAIL_PATTERN.test(person.email))
    .map((person) => ({
      key: person.id,
      siteId: context.actor.siteId,
      to: person.email,
      locale: person.locale,
      origin: context.origin,
      template: 'course-enrolled' as const,
      values: { name: person.firstName, course: titles.get(person.locale) ?? courseId, path: coursePath(person.locale, courseId) },
    }));
}

/**
 * The statements that enrol people in a course and send each one newly enrolled its e-mail (the
 * e-mails first, each only while its person is not yet enrolled). An import passes what it already
 * has: the course's `titles`, and the people its invitations tell (`invited`), who get no second e-mail.
 */
export async function enrolmentStatements(
  context: StaffMailContext,
  courseId: string,
  people: readonly { id: string; firstName: string; email: string | null; locale: string }[],
  from: { invited: ReadonlySet<string>; titles: ReadonlyMap<string, string> } | null = null,
): Promise<D1PreparedStatement[]> {
  const { env, actor, now } = context;
  const write = { siteId: actor.siteId, actorId: actor.id, now };
  const mailed = from ? people.filter((person) => !from.invited.has(person.id)) : people;
  const titles =
    from?.titles ??
    (await courseTitles(
      context,
      courseId,
      mailed.map((person) => person.locale),
    ));
  const rows = await outboxRows(env, enrolmentMails(context, courseId, mailed, titles), now);
  const notEnrolled = {
    sql: "NOT EXISTS (SELECT 1 FROM enrolment e WHERE e.user_id = json_extract(j.value, '$.key') AND e.course_id = ?)",
    values: [courseId],
  };
  return [
    ...chunks(rows).map((chunk) => insertOutboxRowsStatement(env.DB, chunk, notEnrolled)),
    ...chunks(people.map((person) => person.id)).flatMap((ids) => enrolManyStatements(env.DB, write, courseId, ids)),
  ];
}

/**
 * Writes new invited people (each with an invitation link and its e-mail), updates of existing
 * ones, and the enrolment of all of them in a course, in one D1 batch: all of it or, should any
 * statement fail, none of it.
 */
export async function writePeople(
  context: StaffMailContext,
  create: readonly NewPerson[],
  update: readonly PersonUpdate[],
  enrolment: { courseId: string; people: readonly { id: string; firstName: string; email: string | null; locale: string }[] } | null,
): Promise<void> {
  const { env, actor, now } = context;
  const write = { siteId: actor.siteId, actorId: actor.id, now };
  // The course's title in every language the import enrols in, read once: new people enrolled as
  // well get one e-mail, their invitation naming the course, and the others the course's e-mail.
  const titles = enrolment
    ? await courseTitles(
        context,
        enrolment.courseId,
        enrolment.people.map((person) => person.locale),
      )
    : null;
  const invitations = await Promise.all(create.map((person) => invitationOf(context, person, titles?.get(person.locale))));
  const mails = await outboxRows(
    env,
    invitations.map((invitation) => invitation.mail),
    now,
  );
  const statements: D1PreparedStatement[] = [
    ...chunks(create).flatMap((people, i) => [
      ...newPeopleStatements(
        env.DB,
        write,
        people,
        invitations.slice(i * CHUNK, (i + 1) * CHUNK).map((invitation) => invitation.link),
      ),
      insertOutboxRowsStatement(env.DB, mails.slice(i * CHUNK, (i + 1) * CHUNK)),
    ]),
    ...chunks(update).flatMap((people) => updatePeopleStatements(env.DB, write, people)),
    ...(enrolment && titles
      ? await enrolmentStatements(context, enrolment.courseId, enrolment.people, { invited: new Set(create.map((person) => person.id)), titles })
      : []),
  ];
  if (statements.length) await env.DB.batch(statements);
  await kickOutbox(env);
}

export interface ImportOptions {
  dryRun: boolean;
  duplicates: ImportDuplicates;
  courseId: string | null;
}

/**
 * A CSV file of people (UTF-8 with or without BOM, or Windows-1252; comma or semicolon): every
 * row checked and matched first. A dry run only reports (row, field, message); otherwise every
 * valid row is written as `writePeople` does (new people invited, duplicates updated or skipped,
 * all enrolled in the course if one was chosen) and the rows in error are reported, not written.
 */
export async function importPeople(context: StaffMailContext, bytes: Uint8Array, options: ImportOptions): Promise<ImportReport> {
  const { env, actor, language } = context;
  if (options.courseId) await requireCourse(env.DB, actor.siteId, options.courseId, language);
  const site = await findSite(env.DB, actor.siteId);
  const defaultLocale = site?.defaultLocale ?? 'it-IT';
  const rows = readRows(bytes, language);
  const plan = await planRows(context, rows, options.duplicates, site?.supportedLocale ?? [defaultLocale], defaultLocale);
  const already = options.courseId ? await enrolledAmong(env.DB, options.courseId, plan.people) : new Set<string>();
  const report: ImportReport = {
    dryRun: options.dryRun,
    rows: rows.length,
    created: plan.create.length,
    updated: plan.update.length,
    skipped: plan.skipped.length,
    enrolled: options.courseId ? plan.people.filter((id) => !already.has(id)).length : 0,
    errors: plan.errors,
    changes: plan.changes,
    skippedRows: plan.skipped,
  };
  if (options.dryRun) return report;
  const create = plan.create.map((row) => ({
    id: row.id,
    code: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    fiscalCode: row.fiscalCode || null,
    locale: row.locale,
  }));
  const enrolment = options.courseId ? { courseId: options.courseId, people: await enrolmentPeople(context, create, plan) } : null;
  try {
    await writePeople(context, create, plan.update, enrolment);
  } catch (error) {
    // A learner saved one of the file's codici fiscali after it was checked: nothing was written.
    if (isFiscalCodeTaken(error)) throw new HttpError(409, peopleMessage('fiscalCodeRace', language));
    throw error;
  }
  return report;
}

/** The people a course enrolment of the import takes, with what their e-mail needs (an updated person's new name and address). */
async function enrolmentPeople(context: StaffMailContext, create: readonly NewPerson[], plan: Plan) {
  const created = new Set(create.map((person) => person.id));
  const updated = new Map(plan.update.map((update) => [update.id, update]));
  const existing = await listPeopleByIds(
    context.env.DB,
    context.actor.siteId,
    plan.people.filter((id) => !created.has(id)),
  );
  return [
    ...create,
    ...existing.map((person) => {
      const update = updated.get(person.id);
      return update ? { ...person, firstName: update.firstName, lastName: update.lastName, email: update.email ?? person.email } : person;
    }),
  ];
}
