import type { D1Database } from '@cloudflare/workers-types';

/** One audit event about a person, for their page: what (`people.account.suspend`), its subject, when and who acted (null: the platform itself, e.g. a migration). */
export interface PersonEvent {
  name: string;
  subject: string;
  at: number;
  actorId: string | null;
  actor: string | null;
}

/**
 * The latest audit events of staff's area about a person: those whose subject is their id, or
 * their id followed by '/…' (index `event_people_subject`, 0033), newest first.
 */
export async function listPersonEvents(db: D1Database, siteId: string, userId: string, limit = 50): Promise<PersonEvent[]> {
  const { results } = await db
    .prepare(
      `SELECT e.action || COALESCE('.' || e.variant, '') || COALESCE('.' || e.scope, '') AS name, e.subject, e.created_at AS at,
         e.user_id AS actorId, CASE WHEN a.id IS NULL THEN NULL ELSE a.first_name || ' ' || a.last_name END AS actor
       FROM event e LEFT JOIN user a ON a.id = e.user_id
       WHERE e.site_id = ?1 AND e.action = 'people' AND (e.subject = ?2 OR (e.subject >= ?2 || '/' AND e.subject < ?2 || '0'))
       ORDER BY e.created_at DESC, e.id DESC LIMIT ?3`,
    )
    .bind(siteId, userId, limit)
    .all<PersonEvent>();
  return results;
}
