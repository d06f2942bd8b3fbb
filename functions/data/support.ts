import type { D1Database } from '@cloudflare/workers-types';
import type { SupportRequest } from '../../core/contracts/support.ts';
import { eventStatement } from './events.ts';

export type { SupportRequest };
export type SupportRequestInput = Pick<SupportRequest, 'name' | 'email' | 'message' | 'c' | 'e' | 'p' | 'r'>;

/** Stores a request and its audit event ('support.request.create') in one batch. */
export async function createSupportRequest(
  db: D1Database,
  request: SupportRequestInput & { siteId: string; locale: string; userId: string | null; now: number; uncheckedFrom?: string | null },
): Promise<number> {
  const [inserted] = await db.batch<{ id: number }>([
    db
      .prepare(
        `INSERT INTO support_request (site_id, locale, user_id, name, email, message, error_code, error_message, error_path, error_request, created_at, unchecked_from)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
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
        request.uncheckedFrom ?? null,
      ),
    eventStatement(db, request.siteId, request.userId, 'support.request.create', { insertedRowPrefix: 'support#' }, request.now),
  ]);
  return Number(inserted?.results[0]?.id ?? 0);
}

/** Requests sent without the bot check from this (hashed) address since `since`. */
export async function countUncheckedSupport(db: D1Database, uncheckedFrom: string, since: number): Promise<number> {
  const row = await db
    .prepare('SELECT COUNT(*) AS n FROM support_request WHERE unchecked_from = ? AND created_at >= ?')
    .bind(uncheckedFrom, since)
    .first<{ n: number }>();
  return Number(row?.n ?? 0);
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
