import type { D1Database } from '@cloudflare/workers-types';
import { eventIfChangedStatement } from '../events.ts';

/**
 * What deleting an account removes, each only once the account is marked deleted in the same
 * batch: sign-in (providers, sessions, links, invitations), learning (enrolments, progress, positions,
 * what the server saw of their videos, SCORM packages' data, badges, levels, pages seen and learning
 * time) and the person's support requests. `?1` is the user id,
 * `?2` the site.
 */
const REMOVALS = [
  'DELETE FROM user_federation WHERE user_id = ?1',
  'DELETE FROM auth_token WHERE user_id = ?1',
  'DELETE FROM password_reset WHERE user_id = ?1',
  'DELETE FROM registration_confirmation WHERE user_id = ?1',
  "DELETE FROM password_attempt WHERE site_id = ?2 AND scope = 'change' AND key = ?1",
  'DELETE FROM enrolment WHERE user_id = ?1',
  'DELETE FROM session_progress WHERE user_id = ?1',
  'DELETE FROM session_position WHERE user_id = ?1',
  'DELETE FROM session_watch WHERE user_id = ?1',
  // A package's runtime data holds the learner's name (cmi student_name), where they stopped and its own saved data.
  'DELETE FROM scorm_state WHERE user_id = ?1',
  'DELETE FROM invitation WHERE user_id = ?1',
  'DELETE FROM user_badge WHERE user_id = ?1',
  'DELETE FROM user_level WHERE user_id = ?1',
  'DELETE FROM hit WHERE user_id = ?1',
  'DELETE FROM hit_clock WHERE owner = ?1',
  'DELETE FROM stats_hourly WHERE user_id = ?1',
  'DELETE FROM stats_total WHERE user_id = ?1',
  'DELETE FROM support_reply WHERE request_id IN (SELECT id FROM support_request WHERE user_id = ?1)',
  'DELETE FROM support_request WHERE user_id = ?1',
  'DELETE FROM person_search WHERE rowid = (SELECT id FROM person_search_row WHERE user_id = ?1)',
  'DELETE FROM person_search_row WHERE user_id = ?1',
] as const;

export interface AccountDeletion {
  siteId: string;
  userId: string;
  /** The password hash that was checked (null for an account without one): a password changed meanwhile stops the deletion. */
  passwordHash: string | null;
  now: number;
}

/**
 * Deletes an account in one batch (all or nothing): the user row keeps only its id, site, creation
 * time and locale, as the pseudonym its ECM certificates and attempts still point to (status
 * 'deleted': no code, names, e-mail, password, fiscal code or roles, so it cannot sign in and its
 * address may register again), then every other personal record goes. The certificates keep what
 * the registry requires, as issued; the ECM attempts and the questionnaire's "done" mark stay;
 * audit events keep the pseudonymous id. False when nothing was deleted (already deleted, or the
 * password changed since it was checked).
 */
export async function deleteAccount(db: D1Database, deletion: AccountDeletion): Promise<boolean> {
  const { siteId, userId, passwordHash, now } = deletion;
  const deleted = "(SELECT status FROM user WHERE id = ?1) = 'deleted'";
  const [marked] = await db.batch([
    db
      .prepare(
        `UPDATE user SET code = 'deleted-' || id, password_hash = NULL, first_name = '', last_name = '', email = NULL, phone = NULL, gender = NULL,
           fiscal_code = NULL, profession_id = NULL, discipline_id = NULL, roles = '[]', status = 'deleted', last_sign_in_at = NULL,
           registration_pending = 0, privacy_version = NULL, privacy_accepted_at = NULL, details_answered_at = NULL, deleted_at = ?4, updated_at = ?4
         WHERE id = ?1 AND site_id = ?2 AND status <> 'deleted' AND password_hash IS ?3`,
      )
      .bind(userId, siteId, passwordHash, now),
    eventIfChangedStatement(db, siteId, userId, 'auth.account.delete', 'account', now),
    // D1 refuses a binding the statement does not use: the site only where it is named.
    ...REMOVALS.map((sql) => db.prepare(`${sql} AND ${deleted}`).bind(...(sql.includes('?2') ? [userId, siteId] : [userId]))),
  ]);
  return (marked?.meta.changes ?? 0) > 0;
}

/** What deleting the account would keep for the ECM registry: how many certificates and assessment attempts. */
export async function countKeptRecords(db: D1Database, userId: string): Promise<{ certificates: number; attempts: number }> {
  const row = await db
    .prepare(
      'SELECT (SELECT COUNT(*) FROM ecm_certificate WHERE user_id = ?1) AS certificates, (SELECT COUNT(*) FROM ecm_attempt WHERE user_id = ?1) AS attempts',
    )
    .bind(userId)
    .first<{ certificates: number; attempts: number }>();
  return { certificates: row?.certificates ?? 0, attempts: row?.attempts ?? 0 };
}
