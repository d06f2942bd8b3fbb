import type { User } from '../../functions/data/auth/users.ts';
import type { PageContext } from './page-context.ts';

/** Profile pages are on demand and only reached by signed-in users (the session guard). */
export async function loadProfilePage(locals: App.Locals): Promise<{ page: PageContext; user: User }> {
  if (!locals.user) throw new Error('Profile page reached without a user: the session guard must run first');
  return { page: await locals.page, user: locals.user };
}
