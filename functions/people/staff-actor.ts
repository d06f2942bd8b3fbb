import type { D1Database } from '@cloudflare/workers-types';
import type { ApiContext } from '../api-context.ts';
import type { User } from '../../core/user.ts';
import { loadPermissions } from '../data/auth/roles.ts';
import { findSite } from '../data/site/sites.ts';

/** The staff member a people call acts for: the signed-in user with `people:manage`, on their site. */
export type StaffActor = Pick<User, 'id' | 'siteId' | 'roles'>;

/** The staff member calling (the route's `auth` has checked `people:manage`). */
export async function staffActor(context: ApiContext): Promise<StaffActor> {
  const { user } = await context.requireSession();
  return { id: user.id, siteId: context.siteId, roles: user.roles };
}

/**
 * Whether an account's roles grant a permission the staff member's lack: such an account is out of
 * their reach (a secretary cannot lock the editors out, nor rewrite their data).
 */
export async function outranks(db: D1Database, roles: readonly string[], actor: StaffActor): Promise<boolean> {
  const [theirs, mine] = await Promise.all([loadPermissions(db, [...roles]), loadPermissions(db, actor.roles)]);
  return [...theirs].some((permission) => !mine.has(permission));
}

/** The site's default locale: course titles not translated into the caller's fall back to it. */
export async function defaultLocaleOf(context: ApiContext): Promise<string> {
  return (await findSite(context.env.DB, context.siteId))?.defaultLocale ?? 'it-IT';
}
