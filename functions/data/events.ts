import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import { splitEventName } from '../../core/event-name.ts';

/**
 * What an audit event is about: a text, or a count or id only the batch knows when it runs: the
 * rows the previous statement changed (`{n}{suffix}`) or the row it inserted (`{prefix}{id}`).
 */
export type EventSubject = string | { changedRowsSuffix: string } | { insertedRowPrefix: string };

function subjectSql(subject: EventSubject): [string, string] {
  if (typeof subject === 'string') return ['?', subject];
  if ('changedRowsSuffix' in subject) return ['changes() || ?', subject.changedRowsSuffix];
  return ['? || last_insert_rowid()', subject.insertedRowPrefix];
}

/**
 * An audit event, named like 'cms.page.publish' (action, variant, scope), with the acting user.
 * A statement, not a write: callers put it in the D1 batch of the change it records.
 */
export function eventStatement(db: D1Database, siteId: string, userId: string | null, name: string, subject: EventSubject, now: number): D1PreparedStatement {
  const { action, variant, scope } = splitEventName(name);
  const [sql, value] = subjectSql(subject);
  return db
    .prepare(
      `INSERT INTO event (site_id, user_id, ua, origin, type, action, variant, scope, subject, created_at) VALUES (?, ?, 'server', 'web', 'event', ?, ?, ?, ${sql}, ?)`,
    )
    .bind(siteId, userId, action, variant ?? null, scope ?? null, value, now);
}

/**
 * The audit event of a change that may turn out to be no change (an `INSERT OR IGNORE` of
 * something that exists already): written only when the batch's previous statement changed a row.
 */
export function eventIfChangedStatement(
  db: D1Database,
  siteId: string,
  userId: string | null,
  name: string,
  subject: EventSubject,
  now: number,
): D1PreparedStatement {
  const { action, variant, scope } = splitEventName(name);
  const [sql, value] = subjectSql(subject);
  return db
    .prepare(
      `INSERT INTO event (site_id, user_id, ua, origin, type, action, variant, scope, subject, created_at)
       SELECT ?, ?, 'server', 'web', 'event', ?, ?, ?, ${sql}, ? WHERE changes() > 0`,
    )
    .bind(siteId, userId, action, variant ?? null, scope ?? null, value, now);
}

export interface ClientEvent {
  siteId: string;
  userId: string | null;
  ua: string;
  origin: string;
  type: string;
  action: string;
  variant: string | null;
  scope: string | null;
  subject: string | null;
  /** Server time: a client's own clock is not trusted. */
  now: number;
}

/** An event a browser sent (the kinds core/client-event.ts allows); returns its id. */
export async function recordClientEvent(db: D1Database, event: ClientEvent): Promise<number> {
  const row = await db
    .prepare(
      'INSERT INTO event (site_id, user_id, ua, origin, type, action, variant, scope, subject, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id',
    )
    .bind(event.siteId, event.userId, event.ua, event.origin, event.type, event.action, event.variant, event.scope, event.subject, event.now)
    .first<{ id: number }>();
  return row?.id ?? 0;
}
