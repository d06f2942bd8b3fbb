import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';

test('a new build is offered in a non-blocking prompt, and the next navigation is a full page load', async ({ page }) => {
  await page.route('**/builds/latest.json', (route) => route.fulfill({ json: { id: 'a-newer-build', builtAt: new Date().toISOString() } }));
  await page.goto('/it-IT');
  const prompt = page.getByRole('status').filter({ hasText: 'È disponibile una nuova versione' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('button', { name: 'Ricarica' })).toBeVisible();
  // The page stays usable: mark the document, navigate, and the mark is gone (a full load).
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
  await page.getByRole('link', { name: 'Chi siamo' }).first().click();
  await page.waitForURL(/\/it-IT\/chi-siamo$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker ?? false)).toBe(false);
});

test('the same build shows no prompt and keeps client-side navigation', async ({ page }) => {
  const checked = page.waitForResponse((response) => new URL(response.url()).pathname === '/builds/latest.json');
  await page.goto('/it-IT');
  // The page's first look for a newer build has its answer: a prompt would follow it.
  await (await checked).finished();
  await expect(page.getByText('È disponibile una nuova versione')).toBeHidden();
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
  await page.getByRole('link', { name: 'Chi siamo' }).first().click();
  await page.waitForURL(/\/it-IT\/chi-siamo$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker ?? false)).toBe(true);
});

test('a code chunk that fails to load reloads the page once, not in a loop', async ({ page }) => {
  await signIn(page);
  await page.route('**/_astro/UserDataForm*', (route) => route.abort());
  // Each document notes once the page's guard has dealt with a failed chunk (after every listener
  // of that event ran), and whether a navigation (the reload) started on the way.
  await page.addInitScript(() => {
    const state = { handled: false, navigating: false };
    (window as unknown as { chunkGuard: typeof state }).chunkGuard = state;
    (window as unknown as { navigation?: EventTarget }).navigation?.addEventListener('navigate', () => (state.navigating = true));
    const noted = () => setTimeout(() => (state.handled = true));
    window.addEventListener('vite:preloadError', noted);
    document.addEventListener('astro:hydration-error', noted);
    window.addEventListener('unhandledrejection', noted);
  });
  let loads = 0;
  page.on('load', () => loads++);
  await page.goto('/it-IT/profile/user-data');
  await expect.poll(() => loads, { timeout: 15_000 }).toBe(2);
  // The reloaded page's chunk failed too, and its guard is done with it: it started no reload.
  await expect.poll(() => page.evaluate(() => (window as unknown as { chunkGuard: { handled: boolean } }).chunkGuard.handled)).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { chunkGuard: { navigating: boolean } }).chunkGuard.navigating)).toBe(false);
  expect(loads).toBe(2);
});
