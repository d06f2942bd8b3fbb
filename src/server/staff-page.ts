import { env } from 'cloudflare:workers';
import type { Permission } from '../../core/permissions.ts';
import { loadPermissions } from '../../functions/data/auth/roles.ts';
import type { User } from '../../functions/data/auth/users.ts';
import { languageOf, type Language } from '../../functions/messages.ts';
import type { StaffActor } from '../../functions/people/staff-actor.ts';
import type { PageContext } from './page-context.ts';

export interface StaffPage {
  page: PageContext;
  user: User;
  /** What the staff member may do: the staff area's navigation shows only the pages they may open. */
  granted: ReadonlySet<Permission>;
  /** Who the page's forms act for. */
  actor: StaffActor;
  /** Refusals of the page's forms speak the page's language. */
  language: Language;
}

/**
 * A staff page (`/{locale}/staff/...`; people:manage, support requests support:read): its context
 * and the staff member, or null for anyone else, whom the page answers with a 404, as `/test` does
 * (visitors were sent to sign in by the session guard).
 */
export async function loadStaffPage(locals: App.Locals, permission: Permission = 'people:manage'): Promise<StaffPage | null> {
  const { user, session } = locals;
  if (!user || !session) return null;
  const granted = await loadPermissions(env.DB, user.roles);
  if (!granted.has(permission)) return null;
  const page = await locals.page;
  return { page, user, granted, actor: { id: user.id, siteId: session.user.siteId, roles: user.roles }, language: languageOf(page.locale) };
}

/** The page number of a staff list from its address (`?page=`): 1 when missing or malformed. */
export function pageNumber(url: URL): number {
  const value = Number(url.searchParams.get('page') ?? '1');
  return Number.isInteger(value) && value >= 1 && value <= 1_000_000 ? value : 1;
}

/** What a staff page says after a form post came back (Post/Redirect/Get: `?done=`), if it knows the word. */
export function doneNotice(url: URL, known: readonly string[]): string | null {
  const done = url.searchParams.get('done');
  return done && known.includes(done) ? done : null;
}
