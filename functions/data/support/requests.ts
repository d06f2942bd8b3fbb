import type { D1Database } from '@cloudflare/workers-types';
import type { SupportRequest } from '../../../core/contracts/support.ts';
import { eventIfChangedStatement } from '../events.ts';

export type { SupportRequest };
export type SupportRequestInput = Pick<SupportRequest, 'name' | 'email' | 'message' | 'c' | 'e' | 'p' | 'r'>;

/** A request sent without the bot check: accepted while its sender sent fewer than `allowance` since `since`. */
export interface UncheckedAllowance {
  /** The sender, as a keyed hash of the address (functions/support/unchecked-sender.ts). */
  from: string;
  since: number;
  allowance: number;
}

/**
 * Stores a request and its audit event ('support.request.create') in one batch; 0 when an
 * unchecked request is over its sender's allowance. The allowance is checked by the insert itself
 * (one statement counts and inserts), so parallel posts cannot all pass a count read beforehand.
 */
export async function createSupportRequest(
  db: D1Database,
  request: SupportRequestInput & { siteId: string; locale: string; userId: string | null; now: number; unchecked?: UncheckedAllowance },
): Promise<number> {
  const { unchecked } = request;
  const [inserted] = await db.batch<{ id: number }>([
    db
      .prepare(
        `INSERT INTO support_request (site_id, locale, user_id, name, email, message, error_code, error_message, error_path, error_request, created_at, unchecked_from)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12
         WHERE ?12 IS NULL OR (SELECT COUNT(*) FROM support_request WHERE unchecked_from = ?12 AND created_at >= ?13) < ?14
         RETURNING id`,
      )
      .bind(
        request.siteId,
        request.locale,
        request.userId,
        request.name,
        request.email,
        request.message,
        request.c,
        request.e,
        request.p,
        request.r,
        request.now,
        unchecked?.from ?? null,
        unchecked?.since ?? 0,
        unchecked?.allowance ?? 0,
      ),
    eventIfChangedStatement(db, request.siteId, request.userId, 'support.request.create', { insertedRowPrefix: 'support#' }, request.now),
  ]);
  return Number(inserted?.results[0]?.id ?? 0);
}

export async function listSupportRequests(db: D1Database, siteId: string, limit: number): Promise<SupportRequest[]> {
  const { results } = await db
    .prepare(
      'SELECT id, locale, user_id, name, email, message, error_code, error_message, error_path, error_request, created_at FROM support_request WHERE site_id = ? ORDER BY id DESC LIMIT ?',
    )
    .bind(siteId, limit)
    .all<{
      id: number;
      locale: string;
      user_id: string | null;
      name: string;
      email: string;
      message: string;
      error_code: string | null;
      error_message: string | null;
      error_path: string | null;
      error_request: string | null;
      created_at: number;
    }>();
  return results.map((row) => ({
    id: row.id,
    locale: row.locale,
    name: row.name,
    email: row.email,
    message: row.message,
    c: row.error_code,
    e: row.error_message,
    p: row.error_path,
    r: row.error_request,
    signedIn: row.user_id !== null,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** Drops the sender hashes older than the allowance's window: they only ever served to count it. */
export async function forgetUncheckedSenders(db: D1Database, before: number): Promise<number> {
  return (
    (await db.prepare('UPDATE support_request SET unchecked_from = NULL WHERE unchecked_from IS NOT NULL AND created_at < ?').bind(before).run()).meta
      .changes ?? 0
  );
}
