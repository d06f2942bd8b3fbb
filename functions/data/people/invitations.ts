import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import { splitEventName } from '../../../core/event-name.ts';
import { linkState, purgeLinksStatement, spendLinkStatement, voidOpenLinksStatement, type LinkState } from '../auth/link-state.ts';
import { eventIfChangedStatement } from '../events.ts';

/** A person staff create: an invited learner without a password, whose user code is the e-mail address lowercased. */
export interface NewPerson {
  id: string;
  code: string;
  firstName: string;
  lastName: string;
  email: string;
  fiscalCode: string | null;
  locale: string;
}

/** What an import changes in an existing person it matched by e-mail or codice fiscale: null keeps what the account has. */
export interface PersonUpdate {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  fiscalCode: string | null;
}

/** An invitation link: its token's SHA-256 and when it stops working. */
export interface InvitationLink {
  userId: string;
  tokenHash: string;
  expiresAt: number;
}

/** The people a list of e-mail addresses or codici fiscali names on the site (any case), for an import's duplicates. */
export interface KnownPerson {
  id: string;
  code: string;
  firstName: string;
  lastName: string;
  email: string | null;
  fiscalCode: string | null;
  gender: string | null;
  status: string;
  /** The roles as stored (a JSON array), to compare their permissions with the staff member's. */
  roles: string;
}

/**
 * The site's people whose e-mail address (any case) or user code is one of `emails` (lowercased),
 * or whose codice fiscale is one of `fiscalCodes`: one statement per list, each reading its index
 * once per value (a COLLATE NOCASE match on the code would read every person per value).
 */
export async function findKnownPeople(db: D1Database, siteId: string, emails: readonly string[], fiscalCodes: readonly string[]): Promise<KnownPerson[]> {
  const columns = 'u.id, u.code, u.first_name AS firstName, u.last_name AS lastName, u.email, u.fiscal_code AS fiscalCode, u.gender, u.status, u.roles';
  const [byEmail, byCode, byFiscalCode] = await db.batch<KnownPerson>([
    db
      .prepare(`SELECT ${columns} FROM json_each(?2) j CROSS JOIN user u ON u.site_id = ?1 AND u.email = j.value COLLATE NOCASE`)
      .bind(siteId, JSON.stringify(emails)),
    // By the user code's own index (binary): the addresses come lowercased, as every code that is an address (registration, staff) is.
    db.prepare(`SELECT ${columns} FROM json_each(?2) j CROSS JOIN user u ON u.site_id = ?1 AND u.code = j.value`).bind(siteId, JSON.stringify(emails)),
    db
      .prepare(`SELECT ${columns} FROM json_each(?2) j CROSS JOIN user u ON u.site_id = ?1 AND u.fiscal_code = j.value`)
      .bind(siteId, JSON.stringify(fiscalCodes)),
  ]);
  const found = new Map<string, KnownPerson>();
  for (const row of [...(byEmail?.results ?? []), ...(byCode?.results ?? []), ...(byFiscalCode?.results ?? [])]) found.set(row.id, row);
  return [...found.values()];
}

/** The rows of a chunk as one JSON parameter: D1 binds at most 100 values, a JSON array holds a chunk of any width. */
const json = (rows: unknown) => JSON.stringify(rows);
const field = (name: string) => `json_extract(j.value, '$.${name}')`;

/** One audit event per row of a JSON array: `subject` is read from each row. */
function eventsStatement(db: D1Database, siteId: string, actorId: string, name: string, subjects: readonly string[], now: number): D1PreparedStatement {
  const { action, variant, scope } = splitEventName(name);
  return db
    .prepare(
      `INSERT INTO event (site_id, user_id, ua, origin, type, action, variant, scope, subject, created_at)
       SELECT ?1, ?2, 'server', 'web', 'event', ?3, ?4, ?5, j.value, ?6 FROM json_each(?7) j`,
    )
    .bind(siteId, actorId, action, variant ?? null, scope ?? null, now, json(subjects));
}

/**
 * New invited people, their invitation links and the audit events `people.account.create` (subject
 * the new user id). A plain INSERT: a user code taken meanwhile fails the whole batch, so an
 * import is written whole or not at all.
 */
export function newPeopleStatements(
  db: D1Database,
  write: { siteId: string; actorId: string; now: number },
  people: readonly NewPerson[],
  links: readonly InvitationLink[],
): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO user (id, site_id, code, password_hash, first_name, last_name, email, fiscal_code, gender, locale, roles, status, created_at, updated_at)
         SELECT ${field('id')}, ?1, ${field('code')}, NULL, ${field('firstName')}, ${field('lastName')}, ${field('email')}, ${field('fiscalCode')}, 'n',
           ${field('locale')}, '["learner"]', 'invited', ?2, ?2
         FROM json_each(?3) j`,
      )
      .bind(write.siteId, write.now, json(people)),
    invitationLinksStatement(db, write.siteId, write.now, links),
    eventsStatement(
      db,
      write.siteId,
      write.actorId,
      'people.account.create',
      people.map((person) => person.id),
      write.now,
    ),
  ];
}

function invitationLinksStatement(db: D1Database, siteId: string, now: number, links: readonly InvitationLink[]): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO invitation (token_hash, user_id, site_id, created_at, expires_at)
       SELECT ${field('tokenHash')}, ${field('userId')}, ?1, ?2, ${field('expiresAt')} FROM json_each(?3) j`,
    )
    .bind(siteId, now, json(links));
}

/**
 * Existing people an import matched, their names, e-mail and codice fiscale as the file has them,
 * with `people.account.update`. Only an invited account's e-mail changes: an account someone
 * already uses keeps its address (and its password, which an import never touches) even if it
 * became active after the dry run.
 */
export function updatePeopleStatements(
  db: D1Database,
  write: { siteId: string; actorId: string; now: number },
  updates: readonly PersonUpdate[],
): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `UPDATE user SET first_name = ${field('firstName')}, last_name = ${field('lastName')}, email = CASE WHEN user.status = 'invited' THEN COALESCE(${field('email')}, user.email) ELSE user.email END,
           fiscal_code = COALESCE(${field('fiscalCode')}, user.fiscal_code), updated_at = ?2
         FROM json_each(?3) j WHERE user.id = ${field('id')} AND user.site_id = ?1`,
      )
      .bind(write.siteId, write.now, json(updates)),
    eventsStatement(
      db,
      write.siteId,
      write.actorId,
      'people.account.update',
      updates.map((update) => update.id),
      write.now,
    ),
  ];
}

/**
 * Enrolments of many people in one course by staff, with `people.enrolment.staff` for each new
 * one (the events first, while the enrolments are not there yet to tell new from existing).
 */
export function enrolManyStatements(db: D1Database, write: { siteId: string; actorId: string; now: number }, courseId: string, userIds: readonly string[]) {
  const { action, variant, scope } = splitEventName('people.enrolment.staff');
  return [
    db
      .prepare(
        `INSERT INTO event (site_id, user_id, ua, origin, type, action, variant, scope, subject, created_at)
         SELECT ?1, ?2, 'server', 'web', 'event', ?3, ?4, ?5, ?6 || '/' || j.value, ?7 FROM json_each(?8) j
         WHERE NOT EXISTS (SELECT 1 FROM enrolment e WHERE e.user_id = j.value AND e.course_id = ?6)`,
      )
      .bind(write.siteId, write.actorId, action, variant ?? null, scope ?? null, courseId, write.now, json(userIds)),
    db
      .prepare(`INSERT OR IGNORE INTO enrolment (user_id, course_id, enrolled_at, enrolled_by, via) SELECT j.value, ?1, ?2, ?3, 'staff' FROM json_each(?4) j`)
      .bind(courseId, write.now, write.actorId, json(userIds)),
  ];
}

/** The people of `userIds` already enrolled in the course. */
export async function enrolledAmong(db: D1Database, courseId: string, userIds: readonly string[]): Promise<Set<string>> {
  const { results } = await db
    .prepare('SELECT e.user_id AS id FROM json_each(?2) j CROSS JOIN enrolment e ON e.user_id = j.value AND e.course_id = ?1')
    .bind(courseId, json(userIds))
    .all<{ id: string }>();
  return new Set(results.map((row) => row.id));
}

/**
 * A further invitation for an invited person (staff resend it): their open links voided, the new
 * one stored, its e-mail (`mail`, written with onlyIfPreviousChanged) and `people.invitation.send`,
 * all only while the account is still invited.
 */
export function resendInvitationStatements(
  db: D1Database,
  write: { siteId: string; actorId: string; now: number },
  link: InvitationLink,
  mail: D1PreparedStatement,
): D1PreparedStatement[] {
  return [
    voidOpenLinksStatement(db, 'invitation', link.userId, write.now),
    db
      .prepare(
        `INSERT INTO invitation (token_hash, user_id, site_id, created_at, expires_at)
         SELECT ?1, ?2, ?3, ?4, ?5 WHERE EXISTS (SELECT 1 FROM user WHERE id = ?2 AND site_id = ?3 AND status = 'invited')`,
      )
      .bind(link.tokenHash, link.userId, write.siteId, write.now, link.expiresAt),
    mail,
    eventIfChangedStatement(db, write.siteId, write.actorId, 'people.invitation.send', link.userId, write.now),
  ];
}

/** What an invitation link is worth now (see linkState). */
export function invitationState(db: D1Database, siteId: string, tokenHash: string, now: number): Promise<LinkState> {
  return linkState(db, 'invitation', siteId, tokenHash, now);
}

/**
 * An invitation accepted, in one batch: the link spent (only if unused, unvoided and unexpired: of
 * two parallel uses one wins), the account given its password and made active (only if still
 * invited), `people.invitation.accept`, and its other links voided. Returns whether this was the one.
 */
export async function acceptInvitation(db: D1Database, siteId: string, tokenHash: string, userId: string, passwordHash: string, now: number): Promise<boolean> {
  const [, activated] = await db.batch([
    spendLinkStatement(db, 'invitation', tokenHash, userId, now),
    db
      .prepare("UPDATE user SET password_hash = ?1, status = 'active', updated_at = ?2 WHERE id = ?3 AND status = 'invited' AND changes() > 0")
      .bind(passwordHash, now, userId),
    eventIfChangedStatement(db, siteId, userId, 'people.invitation.accept', 'e-mail', now),
    voidOpenLinksStatement(db, 'invitation', userId, now),
  ]);
  return (activated?.meta.changes ?? 0) > 0;
}

/** Links a day past their expiry: the housekeeping's purge. */
export async function purgeInvitations(db: D1Database, now: number): Promise<number> {
  const result = await purgeLinksStatement(db, 'invitation', now).run();
  return result.meta.changes ?? 0;
}
