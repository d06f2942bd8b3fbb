import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import { linkState, purgeLinksStatement, spendLinkStatement, type LinkState, type LinkTable } from './link-state.ts';
import { eventIfChangedStatement } from '../events.ts';
import { endSessionsStatement } from './tokens.ts';

/** An account a reset request names: by user code or e-mail address, whatever its case. */
export interface ResetAccount {
  id: string;
  code: string;
  firstName: string;
  email: string | null;
  locale: string;
  /** No password: the account signs in through these identity providers only (an invited account has none yet either, and is not). */
  federated: boolean;
  providers: string[];
}

/** The accounts of a site whose user code or e-mail address is `identifier` (an address may serve a few accounts). */
export async function findResetAccounts(db: D1Database, siteId: string, identifier: string, limit = 5): Promise<ResetAccount[]> {
  const { results } = await db
    .prepare(
      `SELECT u.id, u.code, u.first_name, u.email, u.locale, u.password_hash IS NULL AND COALESCE(u.suspended_from, u.status) <> 'invited' AS federated,
         (SELECT json_group_array(provider) FROM user_federation WHERE user_id = u.id) AS providers
       FROM user u WHERE u.site_id = ?1 AND (u.code = ?2 COLLATE NOCASE OR u.email = ?2 COLLATE NOCASE) ORDER BY u.created_at LIMIT ?3`,
    )
    .bind(siteId, identifier, limit)
    .all<{ id: string; code: string; first_name: string; email: string | null; locale: string; federated: number; providers: string }>();
  return results.map((row) => ({
    id: row.id,
    code: row.code,
    firstName: row.first_name,
    email: row.email,
    locale: row.locale,
    federated: row.federated === 1,
    providers: JSON.parse(row.providers) as string[],
  }));
}

export type AttemptScope = 'reset-address' | 'reset-account' | 'change' | 'register-address' | 'register-mail';

export interface CountedAttempt {
  /** The attempt's row, which the rest of its batch tests for (attemptCounted). */
  id: string;
  siteId: string;
  scope: AttemptScope;
  key: string;
  now: number;
  /** Counted only while fewer than `allowance` were counted for this key since `since`. */
  since: number;
  allowance: number;
}

/**
 * Counts an attempt if its key is within its allowance, in one statement (D1 runs one at a time,
 * so N parallel requests are N counts and no more pass than allowed); nothing is written otherwise.
 */
export function countAttemptStatement(db: D1Database, attempt: CountedAttempt): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO password_attempt (id, site_id, scope, key, at) SELECT ?1, ?2, ?3, ?4, ?5
       WHERE (SELECT COUNT(*) FROM password_attempt WHERE site_id = ?2 AND scope = ?3 AND key = ?4 AND at >= ?6) < ?7`,
    )
    .bind(attempt.id, attempt.siteId, attempt.scope, attempt.key, attempt.now, attempt.since, attempt.allowance);
}

/** Counts one attempt on its own; false when the key is over its allowance. */
export async function countAttempt(db: D1Database, attempt: CountedAttempt): Promise<boolean> {
  return (await countAttemptStatement(db, attempt).run()).meta.changes > 0;
}

export interface ResetLink {
  siteId: string;
  userId: string;
  tokenHash: string;
  now: number;
  expiresAt: number;
}

/**
 * A reset link for an account whose request was counted: the batch counts the request (the
 * account's allowance), writes its e-mail only if it was counted (`mail`, written with
 * onlyIfPreviousChanged), voids the account's older links, stores the new token's hash and the
 * audit event `auth.password.request`. Over the allowance nothing is written at all.
 */
export function resetLinkStatements(db: D1Database, attempt: CountedAttempt, link: ResetLink, mail: D1PreparedStatement): D1PreparedStatement[] {
  const counted = 'EXISTS (SELECT 1 FROM password_attempt WHERE id = ?)';
  return [
    countAttemptStatement(db, attempt),
    mail,
    db
      .prepare(`UPDATE password_reset SET voided_at = ? WHERE user_id = ? AND used_at IS NULL AND voided_at IS NULL AND ${counted}`)
      .bind(link.now, link.userId, attempt.id),
    db
      .prepare(`INSERT INTO password_reset (token_hash, user_id, site_id, created_at, expires_at) SELECT ?, ?, ?, ?, ? WHERE ${counted}`)
      .bind(link.tokenHash, link.userId, link.siteId, link.now, link.expiresAt, attempt.id),
    eventIfChangedStatement(db, link.siteId, link.userId, 'auth.password.request', 'e-mail', link.now),
  ];
}

export type ResetLinkState = LinkState;

/** What a reset link is worth now (see linkState). */
export function resetLinkState(db: D1Database, siteId: string, tokenHash: string, now: number): Promise<ResetLinkState> {
  return linkState(db, 'password_reset', siteId, tokenHash, now);
}

/**
 * A reset, in one batch: the link is spent (only if still unused, unvoided and unexpired: of two
 * parallel resets one wins), the password written, the audit event `auth.password.reset`, the
 * user's other links voided and every session ended. Everything after the link's own update
 * holds only if that update happened. Returns whether this reset was the one.
 */
export async function completeReset(db: D1Database, siteId: string, tokenHash: string, userId: string, passwordHash: string, now: number): Promise<boolean> {
  const [, written] = await db.batch([
    spendLinkStatement(db, 'password_reset', tokenHash, userId, now),
    // A used reset link proves the address as an invitation or a confirmation link would: an invited
    // account becomes active, a pending registration confirmed (a suspended one stays suspended, and
    // returns to active).
    db
      .prepare(
        `UPDATE user SET password_hash = ?, status = CASE status WHEN 'invited' THEN 'active' ELSE status END,
           suspended_from = CASE suspended_from WHEN 'invited' THEN 'active' ELSE suspended_from END, registration_pending = 0, updated_at = ?
         WHERE id = ? AND changes() > 0`,
      )
      .bind(passwordHash, now, userId),
    eventIfChangedStatement(db, siteId, userId, 'auth.password.reset', 'e-mail', now),
    voidLinksStatement(db, userId, passwordHash, now),
    // The address is proved: the registration's and the invitation's links have nothing left to do.
    ...(['registration_confirmation', 'invitation'] as const).map((table) => voidProvedLinksStatement(db, table, userId, passwordHash, now)),
    endSessionsStatement(db, userId, passwordHash, now),
  ]);
  return (written?.meta.changes ?? 0) > 0;
}

/** The user's open links of another table voided, if the user's password is now `passwordHash` (the batch's change happened). */
function voidProvedLinksStatement(db: D1Database, table: LinkTable, userId: string, passwordHash: string, now: number): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE ${table} SET voided_at = ?1 WHERE user_id = ?2 AND used_at IS NULL AND voided_at IS NULL AND EXISTS (SELECT 1 FROM user WHERE id = ?2 AND password_hash = ?3)`,
    )
    .bind(now, userId, passwordHash);
}

/** The user's open reset links voided, if the user's password is now `passwordHash` (the batch's change happened). */
function voidLinksStatement(db: D1Database, userId: string, passwordHash: string, now: number): D1PreparedStatement {
  return db
    .prepare(
      'UPDATE password_reset SET voided_at = ?1 WHERE user_id = ?2 AND used_at IS NULL AND voided_at IS NULL AND EXISTS (SELECT 1 FROM user WHERE id = ?2 AND password_hash = ?3)',
    )
    .bind(now, userId, passwordHash);
}

/** The user's password hash (null for an account that signs in through a provider only) and those providers. */
export async function findPasswordHash(db: D1Database, userId: string): Promise<{ hash: string | null; providers: string[] } | null> {
  const row = await db
    .prepare('SELECT password_hash, (SELECT json_group_array(provider) FROM user_federation WHERE user_id = user.id) AS providers FROM user WHERE id = ?')
    .bind(userId)
    .first<{ password_hash: string | null; providers: string }>();
  return row && { hash: row.password_hash, providers: JSON.parse(row.providers) as string[] };
}

/**
 * A signed-in user's new password, in one batch: written only over the hash the current password
 * was checked against (a concurrent change wins once), with the audit event
 * `auth.password.change`; the user's open reset links are voided and every other session ends
 * (`keep`: the hashes of this session's tokens). Returns whether it was written.
 */
export async function changePassword(
  db: D1Database,
  change: { siteId: string; userId: string; oldHash: string; newHash: string; now: number; keep: readonly string[] },
): Promise<boolean> {
  const [written] = await db.batch([
    db
      .prepare('UPDATE user SET password_hash = ?, updated_at = ? WHERE id = ? AND password_hash = ?')
      .bind(change.newHash, change.now, change.userId, change.oldHash),
    eventIfChangedStatement(db, change.siteId, change.userId, 'auth.password.change', 'profile', change.now),
    voidLinksStatement(db, change.userId, change.newHash, change.now),
    endSessionsStatement(db, change.userId, change.newHash, change.now, change.keep),
  ]);
  return (written?.meta.changes ?? 0) > 0;
}

/** Counters past their hour and reset links a day past their expiry: the housekeeping's purge. */
export async function purgePasswordRecords(db: D1Database, now: number, windowMs: number): Promise<number> {
  const [attempts, links] = await db.batch([
    db.prepare('DELETE FROM password_attempt WHERE at < ?').bind(now - windowMs),
    purgeLinksStatement(db, 'password_reset', now),
  ]);
  return (attempts?.meta.changes ?? 0) + (links?.meta.changes ?? 0);
}
