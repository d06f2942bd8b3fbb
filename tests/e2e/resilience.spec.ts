import { expect, test } from '@playwright/test';
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
  await page.goto('/it-IT');
  await page.waitForTimeout(1_500);
  await expect(page.getByText('È disponibile una nuova versione')).toBeHidden();
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
  await page.getByRole('link', { name: 'Chi siamo' }).first().click();
  await page.waitForURL(/\/it-IT\/chi-siamo$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker ?? false)).toBe(true);
});

test('a code chunk that fails to load reloads the page once, not in a loop', async ({ page }) => {
  await signIn(page);
  await page.route('**/_astro/UserDataForm*', (route) => route.abort());
  let loads = 0;
  page.on('load', () => loads++);
  await page.goto('/it-IT/profile/user-data');
  await expect.poll(() => loads, { timeout: 15_000 }).toBe(2);
  await page.waitForTimeout(4_000);
  expect(loads).toBe(2);
});
