import type { Permission } from '../../core/permissions.ts';
import type { User } from '../../core/user.ts';
import type { PageContext } from './page-context.ts';

/**
 * Gives `locals.page`: the page context of `locals.locale`, loaded when a page first reads it and
 * shared by every later read. Its D1 queries are paid by requests that render a page, not by the
 * API, the guards' redirects or a page that redirects before it draws anything.
 */
export function providePageContext(locals: App.Locals, load: (locale: string) => Promise<PageContext>): void {
  let loaded: Promise<PageContext> | undefined;
  // A getter, not a value: the locale is read when the page asks, after the guards have settled it.
  Object.defineProperty(locals, 'page', {
    configurable: true,
    enumerable: true,
    get: () => (loaded ??= load(locals.locale)),
  });
}

const NONE: ReadonlySet<Permission> = new Set();

/**
 * Gives `locals.permissions`: what the signed-in user's roles grant (none for a visitor), loaded
 * once, when the page gate or a page first reads it, for the user set then (after the session
 * guard). Pages read it instead of loading the roles again.
 */
export function providePermissions(locals: App.Locals, load: (user: User) => Promise<ReadonlySet<Permission>>): void {
  let loaded: Promise<ReadonlySet<Permission>> | undefined;
  Object.defineProperty(locals, 'permissions', {
    configurable: true,
    enumerable: true,
    get: () => (loaded ??= locals.user ? load(locals.user) : Promise.resolve(NONE)),
  });
}
