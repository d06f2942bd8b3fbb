import { describe, expect, it } from 'vitest';
import { providePageContext } from '../../../../src/server/request-page.ts';
import type { PageContext } from '../../../../src/server/page-context.ts';

/** A page context loader that counts its D1 round trips (three queries each, in the real one). */
function countingLoader() {
  const loads: string[] = [];
  const load = async (locale: string) => {
    loads.push(locale);
    return { locale } as PageContext;
  };
  return { loads, load };
}

function freshLocals(locale: string): App.Locals {
  return { user: null, session: null, locale } as unknown as App.Locals;
}

// Nineteen pages each loaded the site, its locales and its strings themselves; the middleware now
// offers them once per request, and requests that draw no page (API, redirects) never load them.
describe('locals.page (src/server/request-page.ts)', () => {
  it('loads nothing until a page reads it', () => {
    const { loads, load } = countingLoader();
    providePageContext(freshLocals('it-IT'), load);
    expect(loads).toEqual([]);
  });

  it('loads once however many times the page and its parts read it', async () => {
    const { loads, load } = countingLoader();
    const locals = freshLocals('en-US');
    providePageContext(locals, load);
    const [first, second] = await Promise.all([locals.page, locals.page]);
    expect(await locals.page).toBe(first);
    expect(second).toBe(first);
    expect(loads).toEqual(['en-US']);
  });

  it("speaks the locale the guards settled on, not the path's first guess", async () => {
    const { loads, load } = countingLoader();
    const locals = freshLocals('it-IT');
    providePageContext(locals, load);
    // Guard 3 picks the user's or remembered locale for a path without one (/tiles-access, /test).
    locals.locale = 'en-US';
    expect((await locals.page).locale).toBe('en-US');
    expect(loads).toEqual(['en-US']);
  });

  it('starts afresh when a rewrite runs the middleware again', async () => {
    const { loads, load } = countingLoader();
    const locals = freshLocals('it-IT');
    providePageContext(locals, load);
    await locals.page;
    providePageContext(locals, load);
    await locals.page;
    expect(loads).toEqual(['it-IT', 'it-IT']);
  });
});
