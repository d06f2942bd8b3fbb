import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import { SUPPORT_PAGE_SIZE, type SupportPage, type SupportQuery, type SupportRequest, type SupportStatus } from '../../../core/contracts/support.ts';
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

interface RequestRow {
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
  status: SupportStatus;
  created_at: number;
}

interface ReplyRow {
  request_id: number;
  message: string;
  created_at: number;
  by: string;
}

const REQUEST_COLUMNS = 'id, locale, user_id, name, email, message, error_code, error_message, error_path, error_request, status, created_at';

/** Replies of some requests with who wrote them, oldest first; `?` is a JSON array of request ids. */
const REPLIES_OF = `SELECT r.request_id, r.message, r.created_at, TRIM(u.first_name || ' ' || u.last_name) AS by
  FROM support_reply r JOIN user u ON u.id = r.user_id
  WHERE r.request_id IN (SELECT value FROM json_each(?)) ORDER BY r.request_id, r.id`;

function toRequest(row: RequestRow, replies: ReplyRow[]): SupportRequest {
  return {
    id: row.id,
    status: row.status,
    replies: replies
      .filter((reply) => reply.request_id === row.id)
      .map((reply) => ({ message: reply.message, createdAt: new Date(reply.created_at).toISOString(), by: reply.by })),
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
  };
}

/** A page of the site's requests, newest first, all or of one status, with their replies and how many there are. */
export async function listSupportRequests(db: D1Database, siteId: string, query: SupportQuery): Promise<SupportPage> {
  const where = query.status ? 'site_id = ?1 AND status = ?2' : 'site_id = ?1 AND ?2 IS NULL';
  const [rows, count] = await db.batch<Record<string, unknown>>([
    db
      .prepare(`SELECT ${REQUEST_COLUMNS} FROM support_request WHERE ${where} ORDER BY id DESC LIMIT ?3 OFFSET ?4`)
      .bind(siteId, query.status ?? null, SUPPORT_PAGE_SIZE, (query.page - 1) * SUPPORT_PAGE_SIZE),
    db.prepare(`SELECT COUNT(*) AS total FROM support_request WHERE ${where}`).bind(siteId, query.status ?? null),
  ]);
  const requests = (rows?.results ?? []) as unknown as RequestRow[];
  const { results: replies } = await db
    .prepare(REPLIES_OF)
    .bind(JSON.stringify(requests.map((row) => row.id)))
    .all<ReplyRow>();
  const total = Number(count?.results[0]?.total ?? 0);
  return {
    requests: requests.map((row) => toRequest(row, replies)),
    total,
    page: query.page,
    pages: Math.ceil(total / SUPPORT_PAGE_SIZE),
    pageSize: SUPPORT_PAGE_SIZE,
  };
}

/** One request of the site with its replies, or null. */
export async function findSupportRequest(db: D1Database, siteId: string, id: number): Promise<SupportRequest | null> {
  const [rows, replies] = await db.batch<Record<string, unknown>>([
    db.prepare(`SELECT ${REQUEST_COLUMNS} FROM support_request WHERE id = ? AND site_id = ?`).bind(id, siteId),
    db.prepare(REPLIES_OF).bind(JSON.stringify([id])),
  ]);
  const row = rows?.results[0] as RequestRow | undefined;
  return row ? toRequest(row, (replies?.results ?? []) as unknown as ReplyRow[]) : null;
}

export interface SupportReplyWrite {
  siteId: string;
  requestId: number;
  userId: string;
  message: string;
  close: boolean;
  now: number;
}

/**
 * A staff member's reply, in one batch: the request's new status (only while it is not closed),
 * then the reply, its e-mail and the audit event, each only if the status was written. False when
 * the request was closed (or gone) by the time the batch ran: nothing was written or sent.
 */
export async function replyToSupportRequest(db: D1Database, reply: SupportReplyWrite, mail: D1PreparedStatement): Promise<boolean> {
  const [status] = await db.batch([
    db
      .prepare("UPDATE support_request SET status = ? WHERE id = ? AND site_id = ? AND status <> 'closed'")
      .bind(reply.close ? 'closed' : 'answered', reply.requestId, reply.siteId),
    db
      .prepare('INSERT INTO support_reply (request_id, user_id, message, created_at) SELECT ?, ?, ?, ? WHERE changes() > 0')
      .bind(reply.requestId, reply.userId, reply.message, reply.now),
    mail,
    eventIfChangedStatement(db, reply.siteId, reply.userId, 'support.request.reply', `support#${reply.requestId}`, reply.now),
  ]);
  return (status?.meta.changes ?? 0) > 0;
}

/**
 * Closes a request, or opens it again (answered if it has replies, else open), with its audit
 * event; false when it was already so.
 */
export async function setSupportStatus(
  db: D1Database,
  change: { siteId: string; requestId: number; userId: string; close: boolean; now: number },
): Promise<boolean> {
  const status = change.close
    ? "'closed'"
    : "CASE WHEN EXISTS (SELECT 1 FROM support_reply WHERE request_id = support_request.id) THEN 'answered' ELSE 'open' END";
  const [updated] = await db.batch([
    db
      .prepare(`UPDATE support_request SET status = ${status} WHERE id = ? AND site_id = ? AND (status = 'closed') = ?`)
      .bind(change.requestId, change.siteId, change.close ? 0 : 1),
    eventIfChangedStatement(
      db,
      change.siteId,
      change.userId,
      change.close ? 'support.request.close' : 'support.request.reopen',
      `support#${change.requestId}`,
      change.now,
    ),
  ]);
  return (updated?.meta.changes ?? 0) > 0;
}

/** Drops the sender hashes older than the allowance's window: they only ever served to count it. */
export async function forgetUncheckedSenders(db: D1Database, before: number): Promise<number> {
  return (
    (await db.prepare('UPDATE support_request SET unchecked_from = NULL WHERE unchecked_from IS NOT NULL AND created_at < ?').bind(before).run()).meta
      .changes ?? 0
  );
}
