import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import { eventStatement } from '../events.ts';

/** Staff changed a person's fields: the audit event, whose subject is the person's id, '/' and the fields' names. */
export function personEditEvent(
  db: D1Database,
  edit: { siteId: string; actorId: string; userId: string; fields: readonly string[]; now: number },
): D1PreparedStatement {
  return eventStatement(db, edit.siteId, edit.actorId, 'people.person.update', `${edit.userId}/${edit.fields.join(',')}`, edit.now);
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
