import type { D1Database } from '@cloudflare/workers-types';
import { eventIfChangedStatement } from '../events.ts';

/** The account that holds a codice fiscale on the site, other than `exceptUserId`: staff may be told who, a learner only that it is taken. */
export interface FiscalCodeHolder {
  id: string;
  code: string;
  firstName: string;
  lastName: string;
}

/** Who else holds `fiscalCode` on the site (the unique index `user_fiscal_code`), or null. */
export async function findFiscalCodeHolder(db: D1Database, siteId: string, fiscalCode: string, exceptUserId: string | null): Promise<FiscalCodeHolder | null> {
  return db
    .prepare('SELECT id, code, first_name AS firstName, last_name AS lastName FROM user WHERE site_id = ? AND fiscal_code = ? AND id IS NOT ?')
    .bind(siteId, fiscalCode, exceptUserId)
    .first<FiscalCodeHolder>();
}

/** What a codice fiscale is checked against: the account's names and gender, as stored. */
export interface FiscalCodeOwner {
  siteId: string;
  firstName: string;
  lastName: string;
  gender: string | null;
  fiscalCode: string | null;
}

export async function findFiscalCodeOwner(db: D1Database, userId: string): Promise<FiscalCodeOwner | null> {
  return db
    .prepare('SELECT site_id AS siteId, first_name AS firstName, last_name AS lastName, gender, fiscal_code AS fiscalCode FROM user WHERE id = ?')
    .bind(userId)
    .first<FiscalCodeOwner>();
}

/**
 * Staff set (or clear, null) a person's codice fiscale, with `people.fiscalcode.update` (subject
 * `{user id}/{the code it had, or empty}`) only when it changed. The unique index refuses a code
 * another account holds: the caller maps that failure.
 */
export async function setFiscalCode(
  db: D1Database,
  write: { siteId: string; actorId: string; now: number },
  userId: string,
  previous: string | null,
  fiscalCode: string | null,
): Promise<boolean> {
  const [changed] = await db.batch([
    db
      .prepare('UPDATE user SET fiscal_code = ?1, updated_at = ?2 WHERE id = ?3 AND site_id = ?4 AND fiscal_code IS ?5 AND fiscal_code IS NOT ?1')
      .bind(fiscalCode, write.now, userId, write.siteId, previous),
    eventIfChangedStatement(db, write.siteId, write.actorId, 'people.fiscalcode.update', `${userId}/${previous ?? ''}`, write.now),
  ]);
  return (changed?.meta.changes ?? 0) > 0;
}

/** Whether a write failed on the unique codice fiscale of a site. */
export const isFiscalCodeTaken = (error: unknown): boolean =>
  error instanceof Error && /UNIQUE constraint failed: user\.site_id, user\.fiscal_code/.test(error.message);
