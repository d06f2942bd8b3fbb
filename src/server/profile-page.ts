import type { User } from '../../functions/data/auth/users.ts';
import { loadPageContext, type PageContext } from './page-context.ts';

/** Profile pages are on demand and only reached by signed-in users (the session guard). */
export async function loadProfilePage(locale: string, user: User | null): Promise<{ page: PageContext; user: User }> {
  if (!user) throw new Error('Profile page reached without a user: the session guard must run first');
  return { page: await loadPageContext(locale), user };
}
