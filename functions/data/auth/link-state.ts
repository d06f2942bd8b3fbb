import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';

/** The tables of single-use e-mailed links: each row a token hash, its user and site, and when it expires, was used or was voided. */
export type LinkTable = 'password_reset' | 'registration_confirmation' | 'invitation' | 'email_change';

export type LinkState = { kind: 'valid'; userId: string } | { kind: 'unknown' | 'expired' | 'used' };

/** What a single-use link is worth now: unknown (or another site's), used or voided, expired, or valid. */
export async function linkState(db: D1Database, table: LinkTable, siteId: string, tokenHash: string, now: number): Promise<LinkState> {
  const row = await db
    .prepare(`SELECT user_id, site_id, expires_at, used_at, voided_at FROM ${table} WHERE token_hash = ?`)
    .bind(tokenHash)
    .first<{ user_id: string; site_id: string; expires_at: number; used_at: number | null; voided_at: number | null }>();
  if (!row || row.site_id !== siteId) return { kind: 'unknown' };
  if (row.used_at !== null || row.voided_at !== null) return { kind: 'used' };
  if (row.expires_at <= now) return { kind: 'expired' };
  return { kind: 'valid', userId: row.user_id };
}

/** The link spent, only if still unused, unvoided and unexpired: of two parallel uses one wins (the batch's later statements check `changes()`). */
export function spendLinkStatement(db: D1Database, table: LinkTable, tokenHash: string, userId: string, now: number): D1PreparedStatement {
  return db
    .prepare(`UPDATE ${table} SET used_at = ?1 WHERE token_hash = ?2 AND user_id = ?3 AND used_at IS NULL AND voided_at IS NULL AND expires_at > ?1`)
    .bind(now, tokenHash, userId);
}

/** The user's links of this table not yet used or voided, voided. */
export function voidOpenLinksStatement(db: D1Database, table: LinkTable, userId: string, now: number): D1PreparedStatement {
  return db.prepare(`UPDATE ${table} SET voided_at = ?1 WHERE user_id = ?2 AND used_at IS NULL AND voided_at IS NULL`).bind(now, userId);
}

/** Links a day past their expiry, deleted: the housekeeping's purge. */
export function purgeLinksStatement(db: D1Database, table: LinkTable, now: number): D1PreparedStatement {
  return db.prepare(`DELETE FROM ${table} WHERE expires_at < ?`).bind(now - 24 * 60 * 60 * 1000);
}
