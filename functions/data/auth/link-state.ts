import type { D1Database } from '@cloudflare/workers-types';

/** The tables of single-use e-mailed links: each row a token hash, its user and site, and when it expires, was used or was voided. */
export type LinkTable = 'password_reset' | 'registration_confirmation' | 'invitation';

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
