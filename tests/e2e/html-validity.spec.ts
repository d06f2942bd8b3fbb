import { expect, test } from './fixtures.ts';
import { checkHtml, collectPages, formatErrors } from '../../scripts/html-check.mjs';

// Every template through one page of it: the sitemap's public pages in every locale and the
// on-demand ones signed in as each kind of user; one run of the checker (one JVM) for all.
test('every template is valid HTML for the W3C Nu checker', async ({ baseURL }) => {
  test.setTimeout(240_000);
  const pages = await collectPages(baseURL ?? '');
  expect(pages.length).toBeGreaterThan(30);
  const { errors } = checkHtml(pages);
  expect(formatErrors(errors)).toBe('');
});
