import type { D1Database, D1PreparedStatement, D1Result } from '@cloudflare/workers-types';
import { isPermission, type Permission } from '../../../core/permissions.ts';
import type { RoleMode } from '../../../core/mode.ts';
import type { Role } from '../../../core/contracts/role.ts';

/** The union of the permissions of the given roles, as the role table holds them. */
export async function loadPermissions(db: D1Database, roleIds: string[]): Promise<Set<Permission>> {
  if (roleIds.length === 0) return new Set();
  const { results } = await db
    .prepare(`SELECT permissions FROM role WHERE id IN (${roleIds.map(() => '?').join(', ')})`)
    .bind(...roleIds)
    .all<{ permissions: string }>();
  const granted = new Set<Permission>();
  for (const row of results) {
    const list: unknown = JSON.parse(row.permissions);
    if (Array.isArray(list)) for (const entry of list) if (isPermission(entry)) granted.add(entry);
  }
  return granted;
}

export type { Role };

export async function findRole(db: D1Database, id: string): Promise<Role | null> {
  return roleOf(await roleStatement(db, id).all());
}

/** findRole's statement, for a batch (read back by `roleOf`). */
export function roleStatement(db: D1Database, id: string): D1PreparedStatement {
  return db.prepare('SELECT id, name, mode, permissions FROM role WHERE id = ?').bind(id);
}

export function roleOf(result: D1Result): Role | null {
  const row = result.results[0] as { id: string; name: string; mode: RoleMode; permissions: string } | undefined;
  return row ? { _id: row.id, name: row.name, mode: row.mode, permissions: JSON.parse(row.permissions) as string[] } : null;
}
