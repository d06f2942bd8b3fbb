import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import type { PeoplePage, PersonDetail, PersonStatus, PersonSummary } from '../../../core/contracts/people.ts';
import { peopleSearchExpression } from '../../../core/people-search.ts';
import { personState, resumesAs, type ListedState, type StoredAccountState } from '../../../core/person-state.ts';
import type { AccountStatus } from '../../../core/user.ts';
import { parseRoles } from '../auth/users.ts';
import { pendingEmailStatement } from '../auth/email-changes.ts';
import { userTokensRevocation } from '../auth/tokens.ts';
import { eventIfChangedStatement } from '../events.ts';
import { courseLearnersSql, LEARNER_SOURCES } from './course-learners.ts';

export type { PeoplePage, PersonDetail, PersonSummary };

interface PersonRow {
  id: string;
  code: string;
  first_name: string;
  last_name: string;
  email: string | null;
  fiscal_code: string | null;
  status: AccountStatus;
  registration_pending: number;
  suspended_from: AccountStatus | null;
  last_sign_in_at: number | null;
}

const SUMMARY_COLUMNS =
  'u.id, u.code, u.first_name, u.last_name, u.email, u.fiscal_code, u.status, u.registration_pending, u.suspended_from, u.last_sign_in_at';
/** The list's order, the collation of the name indexes of migration 0022. */
const NAME_ORDER = 'u.last_name COLLATE NOCASE, u.first_name COLLATE NOCASE, u.id';

/** The columns a person's state is made of, as core/person-state.ts reads them. */
export const storedState = (row: { status: AccountStatus; registration_pending: number; suspended_from: AccountStatus | null }): StoredAccountState => ({
  status: row.status,
  registrationPending: row.registration_pending === 1,
  suspendedFrom: row.suspended_from,
});

/** A listed person's state (a deleted one is never listed: every query here leaves them out). */
export const listedState = (row: Parameters<typeof storedState>[0]): PersonStatus => personState(storedState(row)) as ListedState;

/**
 * Each state as a condition on `user u`, the SQL of personState for the list's filter: by `status`
 * first, so the name indexes after `status` (migration 0022) serve it.
 */
export const STATE_CONDITIONS: Record<ListedState, string> = {
  invited: "u.status = 'invited'",
  pending: "u.status = 'active' AND u.registration_pending = 1",
  active: "u.status = 'active' AND u.registration_pending = 0",
  suspended: "u.status = 'suspended'",
};

function toSummary(row: PersonRow): PersonSummary {
  return {
    id: row.id,
    code: row.code,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    fiscalCode: row.fiscal_code,
    status: listedState(row),
    lastSignInAt: row.last_sign_in_at,
  };
}

export interface PeopleFilter {
  /** What staff typed: words of names, e-mail, user code or codice fiscale, each the start of one. */
  q: string;
  status?: PersonStatus;
  /** Only the course's learners: enrolled, or started it. */
  course?: string;
  page: number;
  pageSize: number;
}

/**
 * A page of the site's people in name order, with how many match. A search reads the full-text
 * index (`person_search`) first and sorts what it found, a course's list its learners; otherwise
 * the name indexes give the page in order. Both statements run in one batch; bench/people-search.mjs measures them over
 * 50,000 people.
 */
export async function searchPeople(db: D1Database, siteId: string, filter: PeopleFilter): Promise<PeoplePage> {
  const expression = filter.q ? peopleSearchExpression(filter.q) : null;
  const empty = { people: [], total: 0, page: filter.page, pages: 0, pageSize: filter.pageSize };
  // Typed, but nothing in it can be searched (punctuation, emoji): nobody matches.
  if (filter.q && !expression) return empty;
  // CROSS JOIN keeps SQLite's join order: the smaller set first, then its people. Left to choose,
  // the planner walks the name index and runs the full-text match once per person (seconds at
  // 50,000), or tests every person for the course. A search starts from the match (the course then
  // checked per person found); a course's learners alone start from the course.
  const course = filter.course;
  const [from, fromArgs]: [string, string[]] = expression
    ? ['FROM person_search s CROSS JOIN person_search_row r ON r.id = s.rowid CROSS JOIN user u ON u.id = r.user_id', []]
    : course
      ? [`FROM (${courseLearnersSql('?')}) l CROSS JOIN user u ON u.id = l.user_id`, Array<string>(LEARNER_SOURCES).fill(course)]
      : ['FROM user u', []];
  // A deleted account is only the pseudonym its ECM records point to: nobody staff can find.
  const conditions: [sql: string, values: string[]][] = [
    ['u.site_id = ?', [siteId]],
    ["u.status <> 'deleted'", []],
  ];
  if (expression) conditions.push(['person_search MATCH ?', [expression]]);
  if (filter.status) conditions.push([STATE_CONDITIONS[filter.status], []]);
  if (course && expression) conditions.push([`u.id IN (${courseLearnersSql('?')})`, Array<string>(LEARNER_SOURCES).fill(course)]);
  const where = conditions.map(([condition]) => condition);
  const args = [...fromArgs, ...conditions.flatMap(([, values]) => values)];
  const sql = `${from} WHERE ${where.join(' AND ')}`;
  const [rows, count] = await db.batch<Record<string, unknown>>([
    db.prepare(`SELECT ${SUMMARY_COLUMNS} ${sql} ORDER BY ${NAME_ORDER} LIMIT ? OFFSET ?`).bind(...args, filter.pageSize, (filter.page - 1) * filter.pageSize),
    db.prepare(`SELECT COUNT(*) AS total ${sql}`).bind(...args),
  ]);
  const total = Number(count?.results[0]?.total ?? 0);
  return {
    ...empty,
    people: ((rows?.results ?? []) as unknown as PersonRow[]).map(toSummary),
    total,
    pages: Math.ceil(total / filter.pageSize),
  };
}

/** A person of the site, with what staff see of the account (never its password hash). */
export async function findPerson(db: D1Database, siteId: string, userId: string): Promise<PersonDetail | null> {
  const [people, providers, pending] = await db.batch<Record<string, unknown>>([
    db
      .prepare(`SELECT ${SUMMARY_COLUMNS}, u.phone, u.roles, u.created_at, u.locale FROM user u WHERE u.id = ? AND u.site_id = ? AND u.status <> 'deleted'`)
      .bind(userId, siteId),
    db.prepare('SELECT provider FROM user_federation WHERE user_id = ? ORDER BY provider').bind(userId),
    pendingEmailStatement(db, userId, Date.now()),
  ]);
  const row = people?.results[0] as (PersonRow & { phone: string | null; roles: string; created_at: number; locale: string }) | undefined;
  if (!row) return null;
  return {
    ...toSummary(row),
    phone: row.phone,
    roles: parseRoles(row.roles),
    createdAt: row.created_at,
    providers: ((providers?.results ?? []) as { provider: string }[]).map((entry) => entry.provider),
    resumesAs: resumesAs(storedState(row)),
    pendingEmail: (pending?.results[0] as { email: string } | undefined)?.email ?? null,
    locale: row.locale,
  };
}

/** People of the site by id, with what an e-mail to them needs. */
export async function listPeopleByIds(
  db: D1Database,
  siteId: string,
  ids: readonly string[],
): Promise<{ id: string; firstName: string; email: string | null; locale: string }[]> {
  const { results } = await db
    .prepare('SELECT u.id, u.first_name AS firstName, u.email, u.locale FROM json_each(?2) j CROSS JOIN user u ON u.id = j.value AND u.site_id = ?1')
    .bind(siteId, JSON.stringify(ids))
    .all<{ id: string; firstName: string; email: string | null; locale: string }>();
  return results;
}

/**
 * The person of the site whose user code, or else e-mail, is this (any case): their id, `many`
 * when several people share the e-mail, or null.
 */
export async function findPersonByLogin(db: D1Database, siteId: string, login: string): Promise<string | 'many' | null> {
  const byCode = await db.prepare('SELECT id FROM user WHERE site_id = ? AND code = ? COLLATE NOCASE').bind(siteId, login).first<{ id: string }>();
  if (byCode) return byCode.id;
  const { results } = await db.prepare('SELECT id FROM user WHERE site_id = ? AND email = ? COLLATE NOCASE LIMIT 2').bind(siteId, login).all<{ id: string }>();
  if (results.length > 1) return 'many';
  return results[0]?.id ?? null;
}

/**
 * Each login of a list resolved as `findPersonByLogin` does (a user code, else an e-mail that one
 * person has): its person's id, `many`, or null, in one batch for the whole list.
 */
export async function findPeopleByLogins(db: D1Database, siteId: string, logins: readonly string[]): Promise<Map<string, string | 'many' | null>> {
  // Two statements, each by its index (the code's is binary: the login as typed and lowercased; the
  // e-mail's is NOCASE); one over both columns, or a NOCASE match on the code, reads every person per login.
  const list = JSON.stringify(logins);
  const [byCode, byEmail] = await db.batch<{ login: string; id: string; byCode: number }>([
    db
      .prepare('SELECT j.value AS login, u.id, 1 AS byCode FROM json_each(?2) j CROSS JOIN user u ON u.site_id = ?1 AND u.code IN (j.value, lower(j.value))')
      .bind(siteId, list),
    db
      .prepare('SELECT j.value AS login, u.id, 0 AS byCode FROM json_each(?2) j CROSS JOIN user u ON u.site_id = ?1 AND u.email = j.value COLLATE NOCASE')
      .bind(siteId, list),
  ]);
  const results = [...(byCode?.results ?? []), ...(byEmail?.results ?? [])];
  const found = new Map<string, string | 'many' | null>(logins.map((login) => [login, null]));
  const byLogin = new Map<string, { id: string; byCode: number }[]>();
  for (const row of results) byLogin.set(row.login, [...(byLogin.get(row.login) ?? []), row]);
  for (const [login, rows] of byLogin) {
    const code = rows.find((row) => row.byCode === 1);
    found.set(login, code ? code.id : rows.length > 1 ? 'many' : (rows[0]?.id ?? null));
  }
  return found;
}

export interface StatusChange {
  siteId: string;
  userId: string;
  /** The staff member who changes it, for the audit event. */
  actorId: string;
  now: number;
}

/**
 * Suspends an account: its status (remembering the one it had, `suspended_from`), the audit event
 * and the end of every one of its sessions, in one batch. False when it was suspended already
 * (nothing written but the revocation, which then finds no session).
 */
export async function suspendPerson(db: D1Database, change: StatusChange): Promise<boolean> {
  return changeStatus(db, change, "status = 'suspended', suspended_from = status", "status IN ('active', 'invited')", 'people.account.suspend', [
    userTokensRevocation(db, change.userId, change.now),
  ]);
}

/**
 * Lets a suspended account in again, to the status it was suspended from (an invited person is
 * invited again, a pending registration still waits for its confirmation), with its audit event;
 * false when it was not suspended.
 */
export async function reactivatePerson(db: D1Database, change: StatusChange): Promise<boolean> {
  return changeStatus(
    db,
    change,
    "status = COALESCE(suspended_from, 'active'), suspended_from = NULL",
    "status = 'suspended'",
    'people.account.reactivate',
    [],
  );
}

async function changeStatus(db: D1Database, change: StatusChange, set: string, from: string, event: string, then: D1PreparedStatement[]): Promise<boolean> {
  // Only a change of state is one: suspending a suspended account, or reactivating an active one, writes no event.
  const [updated] = await db.batch([
    db.prepare(`UPDATE user SET ${set}, updated_at = ? WHERE id = ? AND site_id = ? AND ${from}`).bind(change.now, change.userId, change.siteId),
    eventIfChangedStatement(db, change.siteId, change.actorId, event, change.userId, change.now),
    ...then,
  ]);
  return (updated?.meta.changes ?? 0) > 0;
}
