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
}

/** The accounts of a site whose user code or e-mail address is `address`, whatever its case, oldest first. */
export async function findAddressAccounts(db: D1Database, siteId: string, address: string, limit = 5): Promise<AddressAccount[]> {
  const { results } = await db
    .prepare(
      `SELECT id, code, first_name, email, locale, registration_pending FROM user
       WHERE site_id = ?1 AND (code = ?2 COLLATE NOCASE OR email = ?2 COLLATE NOCASE) ORDER BY created_at LIMIT ?3`,
    )
    .bind(siteId, address, limit)
    .all<{ id: string; code: string; first_name: string; email: string | null; locale: string; registration_pending: number }>();
  return results.map((row) => ({
    id: row.id,
    code: row.code,
    firstName: row.first_name,
    email: row.email,
    locale: row.locale,
    pending: row.registration_pending === 1,
  }));
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

export interface ConfirmationLink {
  tokenHash: string;
  /** The password this link's registration chose: confirming sets it (see confirmationStatements). */
  passwordHash: string;
  now: number;
  expiresAt: number;
}

const COUNTED = 'EXISTS (SELECT 1 FROM password_attempt WHERE id = ?)';

function linkStatement(db: D1Database, siteId: string, userId: string, link: ConfirmationLink, attemptId: string): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO registration_confirmation (token_hash, user_id, site_id, password_hash, created_at, expires_at)
       SELECT ?, ?, ?, ?, ?, ? WHERE ${COUNTED} AND EXISTS (SELECT 1 FROM user WHERE id = ? AND registration_pending = 1)`,
    )
    .bind(link.tokenHash, userId, siteId, link.passwordHash, link.now, link.expiresAt, attemptId, userId);
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
 * again"), counted under the address's allowance: older links stay valid until one is used. A
 * resend has no password of its own: its link carries the latest registration's (`passwordHash`
 * null).
 */
export function pendingLinkStatements(
  db: D1Database,
  attempt: CountedAttempt,
  account: { siteId: string; userId: string },
  link: Omit<ConfirmationLink, 'passwordHash'> & { passwordHash: string | null },
  mail: D1PreparedStatement,
): D1PreparedStatement[] {
  const insert =
    link.passwordHash === null
      ? db
          .prepare(
            `INSERT INTO registration_confirmation (token_hash, user_id, site_id, password_hash, created_at, expires_at)
             SELECT ?1, ?2, ?3, (SELECT password_hash FROM registration_confirmation WHERE user_id = ?2 ORDER BY created_at DESC LIMIT 1), ?4, ?5
             WHERE ${COUNTED.replace('?', '?6')} AND EXISTS (SELECT 1 FROM user WHERE id = ?2 AND registration_pending = 1)`,
          )
          .bind(link.tokenHash, account.userId, account.siteId, link.now, link.expiresAt, attempt.id)
      : linkStatement(db, account.siteId, account.userId, { ...link, passwordHash: link.passwordHash }, attempt.id);
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
 * two parallel uses one wins), the account activated with the link's password, the audit event
 * `auth.register.confirm`, and the account's other links voided. Returns whether this was the one.
 */
export async function confirmRegistration(db: D1Database, siteId: string, tokenHash: string, userId: string, now: number): Promise<boolean> {
  const [, activated] = await db.batch([
    spendLinkStatement(db, 'registration_confirmation', tokenHash, userId, now),
    db
      .prepare(
        `UPDATE user SET registration_pending = 0, updated_at = ?1,
           password_hash = (SELECT password_hash FROM registration_confirmation WHERE token_hash = ?2)
         WHERE id = ?3 AND registration_pending = 1 AND changes() > 0`,
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
