import type { D1Database } from '@cloudflare/workers-types';
import { SERVER_EVENT_NAMESPACES } from '../../../core/client-event.ts';
import { eventIfChangedStatement } from '../events.ts';

// The server's audit namespaces, as an SQL list: a browser may send no event in them (core/client-event.ts).
const AUDIT_ACTIONS = SERVER_EVENT_NAMESPACES.map((name) => `'${name}'`).join(', ');

/**
 * What deleting an account removes, each only once the account is marked deleted in the same
 * batch (functions/rights/README.md lists every table and why what stays stays). `?1` is the user
 * id, `?2` the site, `?3` the account's e-mail address in lower case (NULL without one), `?4` its
 * sign-in counter's key (`site/code`, as functions/auth/sign-in.ts keys it).
 */
const REMOVALS = [
  // Signing in: provider links, sessions, links sent by e-mail, counters naming the account or its address.
  'DELETE FROM user_federation WHERE user_id = ?1',
  'DELETE FROM auth_token WHERE user_id = ?1',
  'DELETE FROM password_reset WHERE user_id = ?1',
  'DELETE FROM registration_confirmation WHERE user_id = ?1',
  'DELETE FROM invitation WHERE user_id = ?1',
  // An address change asked for: the new address it would set.
  'DELETE FROM email_change WHERE user_id = ?1',
  "DELETE FROM password_attempt WHERE site_id = ?2 AND ((scope IN ('change', 'reset-account') AND key = ?1) OR (scope = 'register-mail' AND lower(key) = ?3))",
  "DELETE FROM sign_in_throttle WHERE scope = 'account' AND key IN (?4, ?2 || '/' || ?3)",
  // Mail to the address, sent or waiting: its recipient and template say who and what.
  'DELETE FROM email_outbox WHERE site_id = ?2 AND lower(recipient) = ?3',
  // Learning.
  'DELETE FROM enrolment WHERE user_id = ?1',
  'DELETE FROM session_progress WHERE user_id = ?1',
  'DELETE FROM session_position WHERE user_id = ?1',
  'DELETE FROM session_watch WHERE user_id = ?1',
  // A package's runtime data holds the learner's name (cmi student_name), where they stopped and its own saved data.
  'DELETE FROM scorm_state WHERE user_id = ?1',
  'DELETE FROM user_badge WHERE user_id = ?1',
  'DELETE FROM user_level WHERE user_id = ?1',
  'DELETE FROM hit WHERE user_id = ?1',
  'DELETE FROM hit_clock WHERE owner = ?1',
  'DELETE FROM stats_hourly WHERE user_id = ?1',
  'DELETE FROM stats_total WHERE user_id = ?1',
  // Support: the account's requests and those sent signed out from its address (any case), with their replies.
  `DELETE FROM support_reply WHERE request_id IN (SELECT id FROM support_request WHERE site_id = ?2 AND (user_id = ?1 OR (user_id IS NULL AND lower(email) = ?3)))`,
  'DELETE FROM support_request WHERE site_id = ?2 AND (user_id = ?1 OR (user_id IS NULL AND lower(email) = ?3))',
  // What the person's browser sent (free text, its user agent); the server's audit events stay, without the browser's user agent.
  `DELETE FROM event WHERE user_id = ?1 AND action NOT IN (${AUDIT_ACTIONS})`,
  "UPDATE event SET ua = '' WHERE user_id = ?1 AND ua NOT IN ('server', '')",
  // Staff's corrections of their codice fiscale name the code they replaced: the event stays, the code goes.
  "UPDATE event SET subject = ?1 WHERE action = 'people' AND variant = 'fiscalcode' AND subject >= ?1 || '/' AND subject < ?1 || '0'",
  'DELETE FROM person_search WHERE rowid = (SELECT id FROM person_search_row WHERE user_id = ?1)',
  'DELETE FROM person_search_row WHERE user_id = ?1',
] as const;

export interface AccountDeletion {
  siteId: string;
  userId: string;
  /** The user code and e-mail address as read when the deletion was confirmed: what names the person elsewhere. */
  code: string;
  email: string | null;
  /** The password hash that was checked (null for an account without one): a password changed meanwhile stops the deletion. */
  passwordHash: string | null;
  now: number;
  /** The staff member who deleted it (an erasure request, an account made by mistake); absent when the owner did. */
  by?: string;
}

/**
 * Deletes an account in one batch (all or nothing): the user row keeps only its id, site, creation
 * time and locale, as the pseudonym its ECM certificates and attempts still point to (status
 * 'deleted': no code, names, e-mail, password, fiscal code, employment or roles, so it cannot sign
 * in and its address may register again), then every other personal record goes, those found by
 * the address too. The certificates keep what the registry requires, as issued; the ECM attempts
 * and the questionnaire's "done" mark stay; audit events keep the pseudonymous id. The owner and
 * staff (functions/people/erasure.ts) delete through this one batch. False when
 * nothing was deleted (already deleted, or the password or address changed since they were read).
 */
export async function deleteAccount(db: D1Database, deletion: AccountDeletion): Promise<boolean> {
  const { siteId, userId, passwordHash, now, by } = deletion;
  const address = deletion.email?.toLowerCase() ?? null;
  const counterKey = `${siteId}/${deletion.code.toLowerCase()}`;
  const deleted = "(SELECT status FROM user WHERE id = ?1) = 'deleted'";
  const values = [userId, siteId, address, counterKey];
  const [marked] = await db.batch([
    db
      .prepare(
        `UPDATE user SET code = 'deleted-' || id, password_hash = NULL, first_name = '', last_name = '', email = NULL, phone = NULL, gender = NULL,
           fiscal_code = NULL, profession_id = NULL, discipline_id = NULL, employment = NULL, roles = '[]', status = 'deleted', last_sign_in_at = NULL,
           registration_pending = 0, privacy_version = NULL, privacy_accepted_at = NULL, details_answered_at = NULL, deleted_at = ?4, updated_at = ?4
         WHERE id = ?1 AND site_id = ?2 AND status <> 'deleted' AND password_hash IS ?3 AND email IS ?5`,
      )
      .bind(userId, siteId, passwordHash, now, deletion.email),
    // Who deleted whom: the owner, or a staff member naming the account by its pseudonymous id alone.
    by
      ? eventIfChangedStatement(db, siteId, by, 'people.account.delete', userId, now)
      : eventIfChangedStatement(db, siteId, userId, 'auth.account.delete', 'account', now),
    // D1 refuses a binding the statement does not use: each gets the values up to the highest it names.
    ...REMOVALS.map((sql) => db.prepare(`${sql} AND ${deleted}`).bind(...values.slice(0, highestParameter(sql)))),
    // FTS5 deletes by adding tombstones: the name, code and address stay in the index's older
    // segments until they are merged. Merging them all (a site's names: small) forgets them now.
    db.prepare(`INSERT INTO person_search (person_search) SELECT 'optimize' WHERE ${deleted}`).bind(userId),
  ]);
  return (marked?.meta.changes ?? 0) > 0;
}

const highestParameter = (sql: string) => Math.max(1, ...[...sql.matchAll(/\?(\d)/g)].map((match) => Number(match[1])));

/**
 * What deleting the account would keep for the ECM registry: how many certificates and assessment
 * attempts, and in how many editions' lists of sponsor-recruited participants its codice fiscale is.
 */
export async function countKeptRecords(db: D1Database, userId: string): Promise<{ certificates: number; attempts: number; recruited: number }> {
  const row = await db
    .prepare(
      `SELECT (SELECT COUNT(*) FROM ecm_certificate WHERE user_id = ?1) AS certificates, (SELECT COUNT(*) FROM ecm_attempt WHERE user_id = ?1) AS attempts,
         (SELECT COUNT(*) FROM ecm_recruit WHERE fiscal_code = (SELECT fiscal_code FROM user WHERE id = ?1)) AS recruited`,
    )
    .bind(userId)
    .first<{ certificates: number; attempts: number; recruited: number }>();
  return { certificates: row?.certificates ?? 0, attempts: row?.attempts ?? 0, recruited: row?.recruited ?? 0 };
}
