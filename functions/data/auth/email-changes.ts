import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import { eventIfChangedStatement } from '../events.ts';
import { linkState, purgeLinksStatement, spendLinkStatement, voidOpenLinksStatement, type LinkState } from './link-state.ts';

/** An address change asked for: the link's token hash, the account, the new address, its lifetime. */
export interface EmailChangeLink {
  siteId: string;
  userId: string;
  email: string;
  tokenHash: string;
  now: number;
  expiresAt: number;
}

/** How many changes an account may ask for, and an address may be asked for, per window. */
export interface EmailChangeAllowance {
  since: number;
  perAccount: number;
  perAddress: number;
}

/**
 * The account other than `userId` that holds `address`, as its e-mail or as its user code (a
 * registration's code is its address), if any: an address belongs to one account.
 */
export async function addressHolder(
  db: D1Database,
  siteId: string,
  address: string,
  userId: string,
): Promise<{ id: string; code: string; firstName: string; email: string | null; locale: string } | null> {
  const row = await db
    .prepare(
      `SELECT id, code, first_name, email, locale FROM user
       WHERE site_id = ?1 AND id <> ?3 AND status <> 'deleted' AND (email = ?2 COLLATE NOCASE OR code = ?2 COLLATE NOCASE) LIMIT 1`,
    )
    .bind(siteId, address, userId)
    .first<{ id: string; code: string; first_name: string; email: string | null; locale: string }>();
  return row && { id: row.id, code: row.code, firstName: row.first_name, email: row.email, locale: row.locale };
}

/**
 * A change's statements, for one batch: the link, only within the account's and the address's
 * allowance (its rows are the count); the caller's e-mail, written only if the link was; the
 * account's older open links voided, only then too.
 */
export function emailChangeStatements(
  db: D1Database,
  link: EmailChangeLink,
  allowance: EmailChangeAllowance,
  mail: D1PreparedStatement,
): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO email_change (token_hash, user_id, site_id, email, created_at, expires_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6
         WHERE (SELECT COUNT(*) FROM email_change WHERE user_id = ?2 AND created_at > ?7) < ?8
           AND (SELECT COUNT(*) FROM email_change WHERE site_id = ?3 AND email = ?4 COLLATE NOCASE AND created_at > ?7) < ?9`,
      )
      .bind(link.tokenHash, link.userId, link.siteId, link.email, link.now, link.expiresAt, allowance.since, allowance.perAccount, allowance.perAddress),
    mail,
    db
      .prepare(
        `UPDATE email_change SET voided_at = ?3
         WHERE user_id = ?1 AND token_hash <> ?2 AND used_at IS NULL AND voided_at IS NULL AND EXISTS (SELECT 1 FROM email_change WHERE token_hash = ?2)`,
      )
      .bind(link.userId, link.tokenHash, link.now),
  ];
}

/** What a change's link is worth now, and the address it would set. */
export async function emailChangeState(db: D1Database, siteId: string, tokenHash: string, now: number): Promise<LinkState & { email?: string }> {
  const state = await linkState(db, 'email_change', siteId, tokenHash, now);
  if (state.kind !== 'valid') return state;
  const row = await db.prepare('SELECT email FROM email_change WHERE token_hash = ?').bind(tokenHash).first<{ email: string }>();
  return row ? { ...state, email: row.email } : { kind: 'unknown' };
}

/** The address an account's open change link would set, if any (`email`): the profile says it waits for confirmation. */
export function pendingEmailStatement(db: D1Database, userId: string, now: number): D1PreparedStatement {
  return db
    .prepare('SELECT email FROM email_change WHERE user_id = ? AND used_at IS NULL AND voided_at IS NULL AND expires_at > ? ORDER BY created_at DESC LIMIT 1')
    .bind(userId, now);
}

export interface EmailChangeConfirmation {
  siteId: string;
  userId: string;
  tokenHash: string;
  email: string;
  now: number;
}

/**
 * The link followed, in one batch: spent if still usable; the account's address set only if that
 * happened and no other account holds the new address (a user code equal to the old address, as a
 * registration's, follows it); the audit event and the old address's notice (`notice`, written only
 * if the address changed); the account's other change links voided. True when the address changed.
 */
export async function confirmEmailChange(db: D1Database, change: EmailChangeConfirmation, notice: D1PreparedStatement | null): Promise<boolean> {
  const { siteId, userId, tokenHash, email, now } = change;
  const results = await db.batch([
    spendLinkStatement(db, 'email_change', tokenHash, userId, now),
    db
      .prepare(
        `UPDATE user SET email = ?1, code = CASE WHEN code = email COLLATE NOCASE THEN lower(?1) ELSE code END, updated_at = ?4
         WHERE id = ?2 AND site_id = ?3 AND status <> 'deleted' AND changes() > 0
           AND NOT EXISTS (SELECT 1 FROM user o WHERE o.site_id = ?3 AND o.id <> ?2 AND (o.email = ?1 COLLATE NOCASE OR o.code = ?1 COLLATE NOCASE))`,
      )
      .bind(email, userId, siteId, now),
    eventIfChangedStatement(db, siteId, userId, 'auth.address.change', userId, now),
    ...(notice ? [notice] : []),
    voidOpenLinksStatement(db, 'email_change', userId, now),
  ]);
  return (results[1]?.meta.changes ?? 0) > 0;
}

/** Change links a day past their expiry: the housekeeping's purge. */
export async function purgeEmailChanges(db: D1Database, now: number): Promise<number> {
  const result = await purgeLinksStatement(db, 'email_change', now).run();
  return result.meta.changes ?? 0;
}

/** The address an account waits to confirm, if any. */
export async function pendingEmailOf(db: D1Database, userId: string, now: number): Promise<string | null> {
  return (await pendingEmailStatement(db, userId, now).first<{ email: string }>())?.email ?? null;
}

/** The account's address removed (staff or the person emptied the field): takes effect at once, with the old address's notice. */
export async function removeEmail(db: D1Database, userId: string, now: number, notice: D1PreparedStatement | null): Promise<void> {
  await db.batch([
    db.prepare('UPDATE user SET email = NULL, updated_at = ? WHERE id = ? AND email IS NOT NULL').bind(now, userId),
    ...(notice ? [notice] : []),
  ]);
}
