import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import { linkState, purgeLinksStatement, spendLinkStatement, voidOpenLinksStatement, type LinkState } from './link-state.ts';
import type { RegistrationMode } from '../../../core/registration-allowance.ts';
import { eventIfChangedStatement } from '../events.ts';
import { countAttemptStatement, type CountedAttempt } from './passwords.ts';

/** The site's registration setting and the privacy notice's current version. */
export async function registrationSettings(db: D1Database, siteId: string): Promise<{ mode: RegistrationMode; privacyVersion: string } | null> {
  const row = await db
    .prepare('SELECT registration, privacy_version FROM site WHERE id = ?')
    .bind(siteId)
    .first<{ registration: RegistrationMode; privacy_version: string }>();
  return row && { mode: row.registration, privacyVersion: row.privacy_version };
}

/** Staff set who may register (`site.registration`), with `people.registration` (subject the mode) when it changed. */
export async function saveRegistrationMode(db: D1Database, change: { siteId: string; actorId: string; now: number }, mode: RegistrationMode): Promise<void> {
  await db.batch([
    db.prepare('UPDATE site SET registration = ? WHERE id = ? AND registration <> ?').bind(mode, change.siteId, mode),
    eventIfChangedStatement(db, change.siteId, change.actorId, 'people.registration', mode, change.now),
  ]);
}

/** An account an address names, as its user code or its e-mail address. */
export interface AddressAccount {
  id: string;
  code: string;
  firstName: string;
  email: string | null;
  locale: string;
  /** Registered and waiting for its confirmation link. */
  pending: boolean;
  /** A pending account's latest registration form (the name and language a further link greets with), or null. */
  latestForm: { firstName: string; locale: string } | null;
}

type AddressRow = {
  id: string;
  code: string;
  first_name: string;
  email: string | null;
  locale: string;
  registration_pending: number;
  form_first_name: string | null;
  form_locale: string | null;
};

const ADDRESS_COLUMNS = `u.id, u.code, u.first_name, u.email, u.locale, u.registration_pending,
  l.first_name AS form_first_name, l.locale AS form_locale`;
// The latest link's form, for a pending account only (a confirmed one has no link worth reading).
const LATEST_FORM = `LEFT JOIN registration_confirmation l ON u.registration_pending = 1 AND l.rowid =
  (SELECT rowid FROM registration_confirmation WHERE user_id = u.id ORDER BY created_at DESC, rowid DESC LIMIT 1)`;

const toAddressAccount = (row: AddressRow): AddressAccount => ({
  id: row.id,
  code: row.code,
  firstName: row.first_name,
  email: row.email,
  locale: row.locale,
  pending: row.registration_pending === 1,
  latestForm: row.form_first_name !== null && row.form_locale !== null ? { firstName: row.form_first_name, locale: row.form_locale } : null,
});

/** The accounts of a site whose user code or e-mail address is `address`, whatever its case, oldest first. */
export async function findAddressAccounts(db: D1Database, siteId: string, address: string, limit = 5): Promise<AddressAccount[]> {
  const { results } = await db
    .prepare(
      `SELECT ${ADDRESS_COLUMNS} FROM user u ${LATEST_FORM}
       WHERE u.site_id = ?1 AND (u.code = ?2 COLLATE NOCASE OR u.email = ?2 COLLATE NOCASE) ORDER BY u.created_at LIMIT ?3`,
    )
    .bind(siteId, address, limit)
    .all<AddressRow>();
  return results.map(toAddressAccount);
}

/** One account of the site by id, as findAddressAccounts reads it (staff resending its confirmation). */
export async function findAddressAccountById(db: D1Database, siteId: string, userId: string): Promise<AddressAccount | null> {
  const row = await db
    .prepare(`SELECT ${ADDRESS_COLUMNS} FROM user u ${LATEST_FORM} WHERE u.id = ?1 AND u.site_id = ?2 AND u.status <> 'deleted'`)
    .bind(userId, siteId)
    .first<AddressRow>();
  return row ? toAddressAccount(row) : null;
}

export interface NewRegistration {
  id: string;
  siteId: string;
  /** Lowercased: the account's user code and its e-mail address. */
  email: string;
  firstName: string;
  lastName: string;
  locale: string;
  privacyVersion: string;
}

/** What a registration's form chose that confirming its link sets: the names and the language. */
export interface RegistrationForm {
  firstName: string;
  lastName: string;
  locale: string;
}

export interface ConfirmationLink {
  tokenHash: string;
  /** The password this link's registration chose: confirming sets it (see confirmRegistration). */
  passwordHash: string;
  /** The form this link's registration filled in: confirming sets it too. */
  form: RegistrationForm;
  now: number;
  expiresAt: number;
}

const COUNTED = 'EXISTS (SELECT 1 FROM password_attempt WHERE id = ?)';

function linkStatement(db: D1Database, siteId: string, userId: string, link: ConfirmationLink, attemptId: string): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO registration_confirmation (token_hash, user_id, site_id, password_hash, first_name, last_name, locale, created_at, expires_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE ${COUNTED} AND EXISTS (SELECT 1 FROM user WHERE id = ? AND registration_pending = 1)`,
    )
    .bind(
      link.tokenHash,
      userId,
      siteId,
      link.passwordHash,
      link.form.firstName,
      link.form.lastName,
      link.form.locale,
      link.now,
      link.expiresAt,
      attemptId,
      userId,
    );
}

/**
 * A new learner, in one batch: the address's e-mail allowance counted, the pending account
 * (learner role, user code = the address, its password, so that signing in before confirming is
 * told why it cannot, privacy consent with its version and time) written only
 * if counted and only if no account took the code meanwhile (INSERT OR IGNORE), its e-mail
 * (`mail`, written with onlyIfPreviousChanged) only if the account was written, the link and the
 * audit event `auth.register`.
 */
export function registrationStatements(
  db: D1Database,
  attempt: CountedAttempt,
  user: NewRegistration,
  link: ConfirmationLink,
  mail: D1PreparedStatement,
): D1PreparedStatement[] {
  return [
    countAttemptStatement(db, attempt),
    db
      .prepare(
        `INSERT OR IGNORE INTO user (id, site_id, code, password_hash, first_name, last_name, email, gender, locale, roles, registration_pending,
           privacy_version, privacy_accepted_at, created_at, updated_at)
         SELECT ?1, ?2, ?3, ?10, ?4, ?5, ?3, NULL, ?6, '["learner"]', 1, ?7, ?8, ?8, ?8 WHERE ${COUNTED.replace('?', '?9')}`,
      )
      .bind(user.id, user.siteId, user.email, user.firstName, user.lastName, user.locale, user.privacyVersion, link.now, attempt.id, link.passwordHash),
    mail,
    linkStatement(db, user.siteId, user.id, link, attempt.id),
    eventIfChangedStatement(db, user.siteId, user.id, 'auth.register', 'e-mail', link.now),
  ];
}

/**
 * A further link for a pending account (a registration again with its address, or "send the link
 * again" by the person or by staff), counted under the address's allowance: older links stay
 * valid until one is used. A resend has no form of its own: its link carries the latest
 * registration's password, names and language (`registration` null).
 */
export function pendingLinkStatements(
  db: D1Database,
  attempt: CountedAttempt,
  account: { siteId: string; userId: string },
  link: Omit<ConfirmationLink, 'passwordHash' | 'form'> & { registration: Pick<ConfirmationLink, 'passwordHash' | 'form'> | null },
  mail: D1PreparedStatement,
): D1PreparedStatement[] {
  const { registration } = link;
  const insert =
    registration === null
      ? db
          .prepare(
            `INSERT INTO registration_confirmation (token_hash, user_id, site_id, password_hash, first_name, last_name, locale, created_at, expires_at)
             SELECT ?1, ?2, ?3, l.password_hash, l.first_name, l.last_name, l.locale, ?4, ?5
             FROM (SELECT password_hash, first_name, last_name, locale FROM registration_confirmation WHERE user_id = ?2 ORDER BY created_at DESC, rowid DESC LIMIT 1) l
             WHERE ${COUNTED.replace('?', '?6')} AND EXISTS (SELECT 1 FROM user WHERE id = ?2 AND registration_pending = 1)`,
          )
          .bind(link.tokenHash, account.userId, account.siteId, link.now, link.expiresAt, attempt.id)
      : linkStatement(db, account.siteId, account.userId, { ...link, ...registration }, attempt.id);
  return [countAttemptStatement(db, attempt), mail, insert];
}

/** A note to an address's owner (it already has an account), counted under the address's allowance. */
export function noteStatements(db: D1Database, attempt: CountedAttempt, mail: D1PreparedStatement): D1PreparedStatement[] {
  return [countAttemptStatement(db, attempt), mail];
}

export type ConfirmationState = LinkState;

/** What a confirmation link is worth now (see linkState). */
export function confirmationState(db: D1Database, siteId: string, tokenHash: string, now: number): Promise<ConfirmationState> {
  return linkState(db, 'registration_confirmation', siteId, tokenHash, now);
}

/**
 * A confirmation, in one batch: the link spent (only if still unused, unvoided and unexpired: of
 * two parallel uses one wins), the account activated with the link's password, names and language
 * (the form whose link was followed: someone who registered the address before, or after, the
 * owner chooses nothing of the owner's account), the audit event
 * `auth.register.confirm`, and the account's other links voided. Returns whether this was the one.
 */
export async function confirmRegistration(db: D1Database, siteId: string, tokenHash: string, userId: string, now: number): Promise<boolean> {
  const [, activated] = await db.batch([
    spendLinkStatement(db, 'registration_confirmation', tokenHash, userId, now),
    db
      .prepare(
        `UPDATE user SET registration_pending = 0, updated_at = ?1, password_hash = l.password_hash,
           first_name = COALESCE(l.first_name, user.first_name), last_name = COALESCE(l.last_name, user.last_name), locale = COALESCE(l.locale, user.locale)
         FROM (SELECT password_hash, first_name, last_name, locale FROM registration_confirmation WHERE token_hash = ?2) l
         WHERE user.id = ?3 AND user.registration_pending = 1 AND changes() > 0`,
      )
      .bind(now, tokenHash, userId),
    eventIfChangedStatement(db, siteId, userId, 'auth.register.confirm', 'e-mail', now),
    voidOpenLinksStatement(db, 'registration_confirmation', userId, now),
  ]);
  return (activated?.meta.changes ?? 0) > 0;
}

/** Links a day past their expiry: the housekeeping's purge. */
export async function purgeConfirmations(db: D1Database, now: number): Promise<number> {
  const result = await purgeLinksStatement(db, 'registration_confirmation', now).run();
  return result.meta.changes ?? 0;
}
