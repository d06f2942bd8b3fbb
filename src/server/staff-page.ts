import type { Permission } from '../../core/permissions.ts';
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
 * A staff page (`/{locale}/staff/...`): its context and the staff member. Who may open it is the
 * page table's (core/page-access.ts: people:manage, support requests support:read), which the
 * middleware applies before the page runs: visitors were sent to sign in, anyone else got a 404.
 */
export async function loadStaffPage(locals: App.Locals): Promise<StaffPage> {
  const { user } = locals;
  if (!user) throw new Error('Staff page reached without a user: the page gate must run first');
  const [page, granted] = await Promise.all([locals.page, locals.permissions]);
  return { page, user, granted, actor: user, language: languageOf(page.locale) };
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
