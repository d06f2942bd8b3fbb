import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import { botCheckSolved, signIn, signInThroughForm, TESTER } from './helpers.ts';

test('a learner signs in through the form, opens the profile area and signs out', async ({ page, context }) => {
  await page.goto('/it-IT');
  await page.getByTestId('sign-in-link').click();
  await page.waitForURL(/\/tiles-access\?returnTo=%2Fit-IT%2Fprofile$/);
  await signInThroughForm(page);

  await expect(page.getByTestId('profile-greeting')).toHaveText('Ciao, Giulia Bianchi');
  const cookie = (await context.cookies()).find((c) => c.name === 't-ssid');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
  expect(cookie?.value.startsWith('Fe26.2*')).toBe(true);
  expect(await page.evaluate(() => document.cookie)).not.toContain('t-ssid');

  for (const [name, heading] of [
    ['Dati personali', 'Dati personali'],
    ['I miei corsi', 'I miei corsi'],
    ['Archivio corsi', 'Archivio corsi'],
    ['Progressi', 'Progressi'],
  ] as const) {
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

test('the sign-in link of a page in English opens the sign-in page in English, without scripts too, and leads to the English profile', async ({ browser }) => {
  const plain = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await plain.goto('/en-US/catalogo-corsi');
  await plain.getByTestId('sign-in-link').click();
  await expect(plain.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await plain.getByLabel('User code or e-mail').fill(TESTER.code);
  await plain.getByLabel('Password').fill(TESTER.password);
  await plain.getByRole('button', { name: 'Sign in' }).click();
  await plain.waitForURL(/\/en-US\/profile$/);
});

test('wrong credentials are refused in Italian and set no cookie', async ({ page, context }) => {
  await page.goto('/tiles-access');
  await expect(page.locator('#sign-in-form[data-ready]')).toHaveCount(1);
  // Not a demo account's code: its failures would make that account's next sign-ins ask for the bot check.
  await page.getByLabel('Codice utente').fill('utente.inesistente');
  await page.getByLabel('Password').fill('password-sbagliata');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByTestId('sign-in-error')).toHaveText('Codice utente (o e-mail) o password non corretti.');
  expect((await context.cookies()).find((c) => c.name === 't-ssid')).toBeUndefined();
});

test('after 2 failed sign-ins a self-hosted bot check appears, solves itself, and lets the right password in; no third party, no cookie', async ({
  browser,
  baseURL,
}) => {
  // Its own client address (Cloudflare's header; wrangler dev passes it through), so the other tests' sign-ins stay unchecked.
  const context = await browser.newContext({ extraHTTPHeaders: { 'cf-connecting-ip': '203.0.113.77' } });
  const page = await context.newPage();
  const origins = new Set<string>();
  page.on('request', (request) => origins.add(new URL(request.url()).origin));
  await page.goto('/tiles-access');
  await expect(page.locator('#sign-in-form[data-ready]')).toHaveCount(1);
  await page.getByLabel('Codice utente').fill(TESTER.code);
  for (let i = 0; i < 2; i++) {
    await page.getByLabel('Password').fill(`sbagliata-${i}`);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page.getByTestId('sign-in-error')).toHaveText('Codice utente (o e-mail) o password non corretti.');
  }
  await expect(page.getByText(/^Dopo alcuni tentativi non riusciti serve una verifica anti-bot/)).toBeVisible();
  await botCheckSolved(page);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);
  await page.getByLabel('Password').fill(TESTER.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.waitForURL(/\/it-IT\/profile$/);
  expect([...origins]).toEqual([baseURL]);
  // Our own cookies only: the session, the device cookie that keeps this browser trusted if a stranger locks the account, the signed-in marker (t-in) and the remembered locale.
  expect(
    (await context.cookies())
      .map((cookie) => cookie.name)
      .filter((name) => name !== 't-lc' && name !== 't-in')
      .sort(),
  ).toEqual(['t-dev', 't-ssid']);
  await context.close();
});

test('"Esci da tutti i dispositivi" ends the sessions on every device', async ({ browser }) => {
  const laptop = await (await browser.newContext()).newPage();
  const phone = await (await browser.newContext()).newPage();
  await signIn(laptop, TESTER);
  await signIn(phone, TESTER);
  await laptop.goto('/it-IT/profile');
  await laptop.getByRole('button', { name: 'Esci da tutti i dispositivi' }).click();
  await laptop.waitForURL(/\/it-IT$/);
  await expect(laptop.getByTestId('sign-in-link')).toBeVisible();
  await phone.goto('/it-IT/profile');
  expect(new URL(phone.url()).pathname).toBe('/it-IT');
  await expect(phone.getByTestId('sign-in-link')).toBeVisible();
});

test('the profile area loads the site in order: site; locales and strings; badges, levels, categories and progress', async ({ page }) => {
  await signIn(page);
  await page.goto('/it-IT/profile');
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
