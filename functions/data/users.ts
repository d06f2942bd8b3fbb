import type { D1Database } from '@cloudflare/workers-types';

export type Gender = 'm' | 'f' | 'n';

export interface UserRow {
  id: string;
  site_id: string;
  code: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  gender: Gender;
  locale: string;
  roles: string;
}

/** The user as the API returns it (SPEC section 3): never the password hash. */
export interface User {
  _id: string;
  code: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  locale: string;
  role: string[];
  fields: { gender: Gender };
  federated: { provider: string; federatedId: string }[];
}

export async function findUserByCode(db: D1Database, siteId: string, code: string): Promise<UserRow | null> {
  return db.prepare('SELECT * FROM user WHERE site_id = ? AND code = ? COLLATE NOCASE').bind(siteId, code).first<UserRow>();
}

export async function findUserById(db: D1Database, id: string): Promise<UserRow | null> {
  return db.prepare('SELECT * FROM user WHERE id = ?').bind(id).first<UserRow>();
}

export async function loadUser(db: D1Database, row: UserRow): Promise<User> {
  const { results } = await db
    .prepare('SELECT provider, federated_id AS federatedId FROM user_federation WHERE user_id = ? ORDER BY provider')
    .bind(row.id)
    .all<{ provider: string; federatedId: string }>();
  return {
    _id: row.id,
    code: row.code,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    locale: row.locale,
    role: parseRoles(row.roles),
    fields: { gender: row.gender },
    federated: results,
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

export async function updateUser(db: D1Database, id: string, update: UserUpdate, now: number): Promise<void> {
  await db
    .prepare('UPDATE user SET first_name = ?, last_name = ?, email = ?, phone = ?, locale = ?, gender = ?, updated_at = ? WHERE id = ?')
    .bind(update.firstName, update.lastName, update.email, update.phone, update.locale, update.gender, now, id)
    .run();
}
