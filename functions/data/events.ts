import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import { splitEventName } from '../../core/event-name.ts';

/** The subject of an audit event about the row the batch's previous statement inserted: `{prefix}{id}`. */
export interface InsertedRowSubject {
  insertedRowPrefix: string;
}

/**
 * An audit event, named like 'cms.page.publish' (action, variant, scope), with the acting user.
 * A statement, not a write: callers put it in the D1 batch of the change it records.
 */
export function eventStatement(db: D1Database, siteId: string, userId: string | null, name: string, subject: string | InsertedRowSubject, now: number): D1PreparedStatement {
  const { action, variant, scope } = splitEventName(name);
  const [subjectSql, subjectValue] = typeof subject === 'string' ? ['?', subject] : ['? || last_insert_rowid()', subject.insertedRowPrefix];
  return db
    .prepare(`INSERT INTO event (site_id, user_id, ua, origin, type, action, variant, scope, subject, created_at) VALUES (?, ?, 'server', 'web', 'event', ?, ?, ?, ${subjectSql}, ?)`)
    .bind(siteId, userId, action, variant ?? null, scope ?? null, subjectValue, now);
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
    .prepare('INSERT INTO event (site_id, user_id, ua, origin, type, action, variant, scope, subject, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id')
    .bind(event.siteId, event.userId, event.ua, event.origin, event.type, event.action, event.variant, event.scope, event.subject, event.now)
    .first<{ id: number }>();
  return row?.id ?? 0;
}
