import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import { eventStatement } from '../events.ts';

/** One change in a person's history: when, what (the event's name), what fields, and who did it (null: the system). */
export interface PersonHistoryEntry {
  at: number;
  event: string;
  /** The fields a staff edit changed, as their API names; empty for other events. */
  fields: string[];
  actor: { id: string; firstName: string; lastName: string } | null;
}

/** Staff changed a person's fields: the audit event, whose subject is the person's id and the fields' names. */
export function personEditEvent(
  db: D1Database,
  edit: { siteId: string; actorId: string; userId: string; fields: readonly string[]; now: number },
): D1PreparedStatement {
  return eventStatement(db, edit.siteId, edit.actorId, 'people.person.update', `${edit.userId}:${edit.fields.join(',')}`, edit.now);
}

/** Staff asked for a new address for a person: the link went to it (the address itself stays out of the log). */
export function addressRequestEvent(db: D1Database, edit: { siteId: string; actorId: string; userId: string; now: number }): D1PreparedStatement {
  return eventStatement(db, edit.siteId, edit.actorId, 'people.address.request', edit.userId, edit.now);
}

const EDITABLE = { firstName: 'first_name', lastName: 'last_name', locale: 'locale' } as const;
export type EditableField = keyof typeof EDITABLE;

/** Staff's change of a person's names or language, with its audit event, in one batch. */
export async function updatePerson(
  db: D1Database,
  edit: { siteId: string; actorId: string; userId: string; now: number },
  changes: Partial<Record<EditableField, string>>,
): Promise<void> {
  const fields = (Object.keys(EDITABLE) as EditableField[]).filter((field) => changes[field] !== undefined);
  if (fields.length === 0) return;
  await db.batch([
    db
      .prepare(`UPDATE user SET ${fields.map((field) => `${EDITABLE[field]} = ?`).join(', ')}, updated_at = ? WHERE id = ? AND site_id = ?`)
      .bind(...fields.map((field) => changes[field] ?? null), edit.now, edit.userId, edit.siteId),
    personEditEvent(db, { ...edit, fields }),
  ]);
}

/**
 * The audit events about a person, newest first: those whose subject is their id (staff's actions,
 * or their id then ':' and the fields changed) and their own account's changes (address, password,
 * registration, the invitation accepted), never their sign-ins. Two index ranges (migration 0032), never a scan of the event table.
 */
export async function listPersonHistory(db: D1Database, siteId: string, userId: string, limit = 50): Promise<PersonHistoryEntry[]> {
  const { results } = await db
    .prepare(
      `SELECT e.created_at, e.action, e.variant, e.scope, e.subject, e.user_id, a.first_name, a.last_name
       FROM (
         SELECT id FROM event WHERE subject = ?2 OR (subject >= ?2 || ':' AND subject < ?2 || ';')
         UNION SELECT id FROM event WHERE user_id = ?2
           AND ((action = 'auth' AND variant IN ('address', 'password', 'register')) OR (action = 'people' AND variant = 'invitation' AND scope = 'accept'))
       ) picked
       JOIN event e ON e.id = picked.id AND e.site_id = ?1
       LEFT JOIN user a ON a.id = e.user_id
       ORDER BY e.id DESC LIMIT ?3`,
    )
    .bind(siteId, userId, limit)
    .all<{
      created_at: number;
      action: string;
      variant: string | null;
      scope: string | null;
      subject: string | null;
      user_id: string | null;
      first_name: string | null;
      last_name: string | null;
    }>();
  return results.map((row) => ({
    at: row.created_at,
    event: [row.action, row.variant, row.scope].filter(Boolean).join('.'),
    fields: row.subject?.startsWith(`${userId}:`)
      ? row.subject
          .slice(userId.length + 1)
          .split(',')
          .filter(Boolean)
      : [],
    actor: row.user_id && row.first_name !== null ? { id: row.user_id, firstName: row.first_name, lastName: row.last_name ?? '' } : null,
  }));
}
