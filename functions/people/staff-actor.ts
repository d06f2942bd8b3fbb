import type { ApiContext } from '../api-context.ts';
import type { User } from '../../core/user.ts';
import { findSite } from '../data/site/sites.ts';

/** The staff member a people call acts for: the signed-in user with `people:manage`, on their site. */
export type StaffActor = Pick<User, 'id' | 'siteId' | 'roles'>;

/** The staff member calling (the route's `auth` has checked `people:manage`). */
export async function staffActor(context: ApiContext): Promise<StaffActor> {
  const { user } = await context.requireSession();
  return { id: user.id, siteId: context.siteId, roles: user.roles };
}

/** The site's default locale: course titles not translated into the caller's fall back to it. */
export async function defaultLocaleOf(context: ApiContext): Promise<string> {
  return (await findSite(context.env.DB, context.siteId))?.defaultLocale ?? 'it-IT';
}
