import type { D1Database, D1PreparedStatement, D1Result } from '@cloudflare/workers-types';
import type { ApiUser, Gender } from '../../../core/contracts/user.ts';
import type { AccountStatus, User } from '../../../core/user.ts';
import { pendingEmailStatement } from './email-changes.ts';
import { CONTENT_VERSION } from '../site/sites.ts';

export type { AccountStatus, ApiUser, Gender, User };

/** The user table's row as D1 gives it: never leaves functions/data (it holds the password hash). */
interface UserRow {
  id: string;
  site_id: string;
  code: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  gender: Gender | null;
  locale: string;
  roles: string;
  status: AccountStatus;
  registration_pending: number;
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    siteId: row.site_id,
    code: row.code,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    gender: row.gender,
    locale: row.locale,
    roles: parseRoles(row.roles),
    status: row.status,
  };
}

/** An account as the password sign-in finds it: the hash to check (null for federated users) and whether it awaits its confirmation. */
export interface SignInAccount {
  user: User;
  passwordHash: string | null;
  /** Registered and not yet confirmed by its e-mail's link: it cannot sign in. */
  pending: boolean;
}

/**
 * The account a sign-in names, whatever the case: by user code, else by e-mail address when the
 * address belongs to exactly one account (an address shared by a few accounts, as staff may have
 * created, signs in by code only).
 */
export async function findUserToSignIn(db: D1Database, siteId: string, typed: string): Promise<SignInAccount | null> {
  const { results } = await db
    .prepare(
      `SELECT * FROM user WHERE site_id = ?1 AND code = ?2 COLLATE NOCASE
       UNION ALL SELECT * FROM (SELECT * FROM user WHERE site_id = ?1 AND email = ?2 COLLATE NOCASE LIMIT 2)`,
    )
    .bind(siteId, typed)
    .all<UserRow>();
  const byCode = results.find((row) => row.code.toLowerCase() === typed.toLowerCase());
  const row = byCode ?? (results.length === 1 ? results[0] : undefined);
  return row ? { user: toUser(row), passwordHash: row.password_hash, pending: row.registration_pending === 1 } : null;
}

export async function findUserById(db: D1Database, id: string): Promise<User | null> {
  const row = await db.prepare('SELECT * FROM user WHERE id = ?').bind(id).first<UserRow>();
  return row && toUser(row);
}

/**
 * The user a live access token (by its hash) belongs to, in one read: what every signed-in request
 * asks first. The content counter (migration 0031) rides along, so that a page's context needs no
 * read of its own (src/server/page-context.ts). Null when the token is unknown, not an access
 * token, revoked or expired: then the refresh token decides (functions/data/auth/tokens.ts, checkTokens).
 */
export async function findUserByAccessToken(db: D1Database, tokenHash: string, now: number): Promise<{ user: User; contentVersion: number } | null> {
  return accessTokenUserOf(await accessTokenUserStatement(db, tokenHash, now).first<AccessTokenUserRow>());
}

type AccessTokenUserRow = UserRow & { content_version: number | null };

/** findUserByAccessToken's statement, for a batch that reads more beside it (functions/auth/session.ts). */
export function accessTokenUserStatement(db: D1Database, tokenHash: string, now: number): D1PreparedStatement {
  return db
    .prepare(
      `SELECT u.*, ${CONTENT_VERSION} AS content_version FROM auth_token t JOIN user u ON u.id = t.user_id
       WHERE t.hash = ? AND t.kind = 'access' AND t.revoked_at IS NULL AND t.expires_at > ?`,
    )
    .bind(tokenHash, now);
}

/** What accessTokenUserStatement found, read from its result in a batch. */
export function accessTokenUserFrom(result: D1Result | undefined): { user: User; contentVersion: number } | null {
  return accessTokenUserOf(result?.results[0] as AccessTokenUserRow | undefined);
}

function accessTokenUserOf(row: AccessTokenUserRow | null | undefined): { user: User; contentVersion: number } | null {
  return row ? { user: toUser(row), contentVersion: row.content_version ?? 0 } : null;
}

/** The API's user: the session user with the identity providers it is linked to, and the address it asked to change to, if any. */
export async function toApiUser(db: D1Database, user: User, now = Date.now()): Promise<ApiUser> {
  const [federations, pending] = await db.batch<{ provider: string; federatedId: string } | { email: string }>([
    db.prepare('SELECT provider, federated_id AS federatedId FROM user_federation WHERE user_id = ? ORDER BY provider').bind(user.id),
    pendingEmailStatement(db, user.id, now),
  ]);
  const results = (federations?.results ?? []) as { provider: string; federatedId: string }[];
  return {
    _id: user.id,
    code: user.code,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    locale: user.locale,
    role: user.roles,
    fields: { gender: user.gender },
    federated: results,
    pendingEmail: (pending?.results[0] as { email: string } | undefined)?.email ?? null,
  };
}

export function parseRoles(json: string): string[] {
  try {
    const roles: unknown = JSON.parse(json);
    return Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
}

export interface UserUpdate {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  locale: string;
  gender: Gender;
}

const UPDATE_COLUMNS = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  phone: 'phone',
  locale: 'locale',
  gender: 'gender',
} as const satisfies Record<keyof UserUpdate, string>;

/** Writes the fields given, in one statement; a field left undefined keeps its stored value. */
export async function updateUser(db: D1Database, id: string, update: Partial<UserUpdate>, now: number): Promise<void> {
  const changed = (Object.keys(UPDATE_COLUMNS) as (keyof UserUpdate)[]).filter((field) => update[field] !== undefined);
  const assignments = [...changed.map((field) => `${UPDATE_COLUMNS[field]} = ?`), 'updated_at = ?'].join(', ');
  await db
    .prepare(`UPDATE user SET ${assignments} WHERE id = ?`)
    .bind(...changed.map((field) => update[field] ?? null), now, id)
    .run();
}

/** The user of this site an identity provider's subject is linked to, if any. */
export async function findFederatedUser(db: D1Database, siteId: string, provider: string, federatedId: string): Promise<User | null> {
  const row = await db
    .prepare('SELECT u.* FROM user_federation f JOIN user u ON u.id = f.user_id WHERE f.provider = ? AND f.federated_id = ? AND u.site_id = ?')
    .bind(provider, federatedId, siteId)
    .first<UserRow>();
  return row && toUser(row);
}

export interface FederatedUser {
  id: string;
  siteId: string;
  code: string;
  firstName: string;
  lastName: string;
  email: string | null;
  locale: string;
  provider: string;
  federatedId: string;
}

/** A learner who signed in through a provider, and the link to it, written together. */
export async function createFederatedUser(db: D1Database, user: FederatedUser, now: number): Promise<void> {
  // User and link land together: a crash between them cannot leave a user nobody can reach.
  await db.batch([
    db
      .prepare(
        // The provider's address only if no account holds it: an address belongs to one account (the learner may ask for another later).
        `INSERT INTO user (id, site_id, code, password_hash, first_name, last_name, email, gender, locale, roles, created_at, updated_at)
         SELECT ?1, ?2, ?3, NULL, ?4, ?5,
           CASE WHEN EXISTS (SELECT 1 FROM user WHERE site_id = ?2 AND (email = ?6 COLLATE NOCASE OR code = ?6 COLLATE NOCASE)) THEN NULL ELSE ?6 END,
           NULL, ?7, '["learner"]', ?8, ?8`,
      )
      .bind(user.id, user.siteId, user.code, user.firstName, user.lastName, user.email, user.locale, now),
    db
      .prepare('INSERT INTO user_federation (provider, federated_id, user_id, created_at) VALUES (?, ?, ?, ?)')
      .bind(user.provider, user.federatedId, user.id, now),
  ]);
}
