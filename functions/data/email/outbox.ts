import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';

/** A message as the outbox stores it: the values sealed (functions/email/sealed-values.ts). */
export interface OutboxInsert {
  id: string;
  siteId: string;
  recipient: string;
  locale: string;
  template: string;
  origin: string;
  payload: string;
  now: number;
}

/**
 * The outbox row of a message, as a statement for the batch of the action that causes it. With
 * `onlyIfPreviousChanged`, the row is written only when the batch's previous statement changed a
 * row (a counted request, an inserted token): the message exists exactly when its cause does.
 */
export function insertOutboxStatement(db: D1Database, mail: OutboxInsert, onlyIfPreviousChanged: boolean): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO email_outbox (id, site_id, recipient, locale, template, origin, payload, status, attempts, next_attempt_at, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, 'pending', 0, ?8, ?8 WHERE ?9 = 0 OR changes() > 0`,
    )
    .bind(mail.id, mail.siteId, mail.recipient, mail.locale, mail.template, mail.origin, mail.payload, mail.now, onlyIfPreviousChanged ? 1 : 0);
}

/**
 * Many messages in one statement (an import's invitations), each row of `rows` one message. With
 * `onlyWhere`, a row is written only where that condition holds; it may read the row's `key`
 * (`json_extract(j.value, '$.key')`), which the caller gives each row (a user id).
 */
export function insertOutboxRowsStatement(
  db: D1Database,
  rows: readonly (OutboxInsert & { key?: string })[],
  onlyWhere: { sql: string; values: unknown[] } = { sql: '1', values: [] },
): D1PreparedStatement {
  const field = (name: string) => `json_extract(j.value, '$.${name}')`;
  return db
    .prepare(
      `INSERT INTO email_outbox (id, site_id, recipient, locale, template, origin, payload, status, attempts, next_attempt_at, created_at)
       SELECT ${['id', 'siteId', 'recipient', 'locale', 'template', 'origin', 'payload'].map(field).join(', ')}, 'pending', 0, ${field('now')}, ${field('now')}
       FROM json_each(?) j WHERE ${onlyWhere.sql}`,
    )
    .bind(JSON.stringify(rows), ...onlyWhere.values);
}

/** A message claimed for one delivery attempt (`attempts` counts this one). */
export interface ClaimedMail {
  id: string;
  siteId: string;
  recipient: string;
  locale: string;
  template: string;
  origin: string;
  payload: string | null;
  attempts: number;
}

/**
 * Claims up to `limit` messages that are due (pending and due, or claimed by a delivery whose
 * lease ran out) in one statement: D1 runs one statement at a time, so parallel deliveries never
 * claim the same row. A claim counts the attempt and holds the row until `leaseUntil`.
 */
export async function claimDueMail(db: D1Database, now: number, leaseUntil: number, limit: number): Promise<ClaimedMail[]> {
  const { results } = await db
    .prepare(
      `UPDATE email_outbox SET status = 'sending', attempts = attempts + 1, next_attempt_at = ?2
       WHERE id IN (SELECT id FROM email_outbox WHERE status IN ('pending', 'sending') AND next_attempt_at <= ?1 ORDER BY next_attempt_at LIMIT ?3)
       RETURNING id, site_id, recipient, locale, template, origin, payload, attempts`,
    )
    .bind(now, leaseUntil, limit)
    .all<{ id: string; site_id: string; recipient: string; locale: string; template: string; origin: string; payload: string | null; attempts: number }>();
  return results.map((row) => ({
    id: row.id,
    siteId: row.site_id,
    recipient: row.recipient,
    locale: row.locale,
    template: row.template,
    origin: row.origin,
    payload: row.payload,
    attempts: row.attempts,
  }));
}

/**
 * Records a delivery: sent, with the provider's message id, and the sealed values dropped (a
 * sent link is the recipient's alone). Only the claim that sent it may: `attempts` names it.
 */
export async function markMailSent(db: D1Database, mail: Pick<ClaimedMail, 'id' | 'attempts'>, messageId: string, now: number): Promise<boolean> {
  const result = await db
    .prepare(
      "UPDATE email_outbox SET status = 'sent', sent_at = ?, message_id = ?, payload = NULL, last_error = NULL WHERE id = ? AND status = 'sending' AND attempts = ?",
    )
    .bind(now, messageId, mail.id, mail.attempts)
    .run();
  return result.meta.changes > 0;
}

/** A failed attempt: due again at `retryAt`, or, with `retryAt` null, failed for good (values dropped), the error kept for staff. */
export async function markMailFailed(
  db: D1Database,
  mail: Pick<ClaimedMail, 'id' | 'attempts'>,
  error: string,
  retryAt: number | null,
  now: number,
): Promise<void> {
  await db
    .prepare(
      `UPDATE email_outbox SET status = CASE WHEN ?1 IS NULL THEN 'failed' ELSE 'pending' END, next_attempt_at = COALESCE(?1, ?2),
       last_error = ?3, payload = CASE WHEN ?1 IS NULL THEN NULL ELSE payload END
       WHERE id = ?4 AND status = 'sending' AND attempts = ?5`,
    )
    .bind(retryAt, now, error.slice(0, 500), mail.id, mail.attempts)
    .run();
}

/** When the next message not yet settled is due, or null when none waits. */
export async function nextMailDue(db: D1Database): Promise<number | null> {
  const row = await db.prepare("SELECT MIN(next_attempt_at) AS due FROM email_outbox WHERE status IN ('pending', 'sending')").first<{ due: number | null }>();
  return row?.due ?? null;
}

/** A message's state, as staff and tests see it (never its values). */
export interface OutboxState {
  id: string;
  recipient: string;
  template: string;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  messageId: string | null;
  createdAt: number;
  sentAt: number | null;
}

/** The newest messages to an address, newest first. */
export async function outboxFor(db: D1Database, siteId: string, recipient: string, limit = 20): Promise<OutboxState[]> {
  const { results } = await db
    .prepare(
      `SELECT id, recipient, template, status, attempts, next_attempt_at, last_error, message_id, created_at, sent_at
       FROM email_outbox WHERE site_id = ? AND recipient = ? COLLATE NOCASE ORDER BY created_at DESC, rowid DESC LIMIT ?`,
    )
    .bind(siteId, recipient, limit)
    .all<{
      id: string;
      recipient: string;
      template: string;
      status: OutboxState['status'];
      attempts: number;
      next_attempt_at: number;
      last_error: string | null;
      message_id: string | null;
      created_at: number;
      sent_at: number | null;
    }>();
  return results.map((row) => ({
    id: row.id,
    recipient: row.recipient,
    template: row.template,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    messageId: row.message_id,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  }));
}

/** Settled messages (sent or failed) created before `before`: the housekeeping's purge. */
export async function purgeSettledMail(db: D1Database, before: number): Promise<number> {
  const result = await db.prepare("DELETE FROM email_outbox WHERE status IN ('sent', 'failed') AND created_at < ?").bind(before).run();
  return result.meta.changes;
}
