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
