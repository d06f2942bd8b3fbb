import { expect, test } from '@playwright/test';
import { islandsReady, LEARNER, signIn } from './helpers.ts';

test('a learner signs in through the form, opens the profile area and signs out', async ({ page, context }) => {
  await page.goto('/it-IT');
  await page.getByTestId('sign-in-link').click();
  await page.waitForURL(/\/tiles-access$/);
  await signIn(page);

  await expect(page.getByTestId('profile-greeting')).toHaveText('Ciao, Giulia Bianchi');
  const cookie = (await context.cookies()).find((c) => c.name === 't-ssid');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
  expect(cookie?.value.startsWith('Fe26.2*')).toBe(true);
  expect(await page.evaluate(() => document.cookie)).not.toContain('t-ssid');

  for (const [name, heading] of [['Dati personali', 'Dati personali'], ['I miei corsi', 'I miei corsi'], ['Archivio corsi', 'Archivio corsi'], ['Progressi', 'Progressi']] as const) {
    await page.getByRole('navigation', { name: 'Area personale' }).getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }

  await page.getByTestId('logout-link').click();
  await page.waitForURL(/\/it-IT$/);
  await expect(page.getByTestId('sign-in-link')).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 't-ssid')).toBeUndefined();
  await page.goto('/it-IT/profile');
  expect(new URL(page.url()).pathname).toBe('/it-IT');
});

test('wrong credentials are refused in Italian and set no cookie', async ({ page, context }) => {
  await page.goto('/tiles-access');
  await islandsReady(page);
  await page.getByLabel('Codice utente').fill(LEARNER.code);
  await page.getByLabel('Password').fill('password-sbagliata');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByTestId('sign-in-error')).toHaveText('Codice utente o password non corretti.');
  expect((await context.cookies()).find((c) => c.name === 't-ssid')).toBeUndefined();
});

test('the profile area loads the site in order: site; locales and strings; badges, levels, categories and progress', async ({ page }) => {
  await signIn(page);
  // Leave the profile first: its own site load must not mix with the one measured here.
  const settled = page.waitForResponse((response) => response.url().endsWith('/api/event/hit'));
  await page.goto('/it-IT/privacy');
  await settled;
  const calls: { path: string; at: number; done?: number }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/event')) calls.push({ path: url.pathname, at: Date.now() });
  });
  page.on('requestfinished', (request) => {
    const call = calls.find((c) => c.path === new URL(request.url()).pathname && c.done === undefined);
    if (call) call.done = Date.now();
  });
  await page.goto('/it-IT/profile/user-progress');
  await expect.poll(() => calls.filter((c) => c.done !== undefined && !c.path.startsWith('/api/stats')).length).toBe(7);
  const byPath = Object.fromEntries(calls.map((c) => [c.path, c]));
  const site = byPath['/api/site/sites/tiles-demo'];
  const second = [byPath['/api/i18n/locales'], byPath['/api/i18n/boilerplate/']];
  const third = [byPath['/api/lms/game/badge'], byPath['/api/lms/game/level'], byPath['/api/content/tag'], byPath['/api/lms/game/progress']];
  expect(site?.done).toBeDefined();
  for (const call of second) expect(call?.at).toBeGreaterThanOrEqual(site?.done ?? Infinity);
  const secondDone = Math.max(...second.map((c) => c?.done ?? Infinity));
  for (const call of third) expect(call?.at).toBeGreaterThanOrEqual(secondDone);
});
