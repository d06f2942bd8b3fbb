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
 * The latest audit events about a person, newest first: staff's and the platform's, whose subject
 * is their id or their id followed by '/…' (index `event_people_subject`, 0033), and the person's
 * own account changes (address, password, registration, the invitation accepted: index
 * `event_user_action`, 0032), never their sign-ins.
 */
export async function listPersonEvents(db: D1Database, siteId: string, userId: string, limit = 50): Promise<PersonEvent[]> {
  const { results } = await db
    .prepare(
      `SELECT e.action || COALESCE('.' || e.variant, '') || COALESCE('.' || e.scope, '') AS name, e.subject, e.created_at AS at,
         e.user_id AS actorId, CASE WHEN a.id IS NULL THEN NULL ELSE a.first_name || ' ' || a.last_name END AS actor
       FROM (
         SELECT id FROM event WHERE site_id = ?1 AND action = 'people' AND (subject = ?2 OR (subject >= ?2 || '/' AND subject < ?2 || '0'))
         UNION SELECT id FROM event WHERE user_id = ?2
           AND ((action = 'auth' AND variant IN ('address', 'password', 'register')) OR (action = 'people' AND variant = 'invitation' AND scope = 'accept'))
       ) picked
       JOIN event e ON e.id = picked.id AND e.site_id = ?1
       LEFT JOIN user a ON a.id = e.user_id
       ORDER BY e.created_at DESC, e.id DESC LIMIT ?3`,
    )
    .bind(siteId, userId, limit)
    .all<PersonEvent>();
  return results;
}
