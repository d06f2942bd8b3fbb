import { gzipSync } from 'node:zlib';
import { expect, test, type Response } from './fixtures.ts';
import { LEARNER } from './helpers.ts';

test('the sign-in page ships no React and at most 10 KiB of script (gzip); the bot check loads only when asked', async ({ page }) => {
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  await page.goto('/tiles-access');
  await expect(page.locator('#sign-in-form[data-ready]')).toHaveCount(1);
  await page.waitForLoadState('load');
  await expect(page.locator('astro-island')).toHaveCount(0);
  expect(scripts.length).toBeGreaterThan(0);
  const bodies = await Promise.all(scripts.map(async (response) => ({ url: response.url(), gzip: gzipSync(await response.body()).length })));
  // Neither the bot check's widget nor React (Astro's React renderer is its `client.*.js` chunk).
  expect(bodies.filter(({ url }) => /bot-check|altcha|react|\/_astro\/client\.[^/]*\.js$/i.test(url))).toEqual([]);
  const total = bodies.reduce((sum, { gzip }) => sum + gzip, 0);
  expect(total, bodies.map(({ url, gzip }) => `${new URL(url).pathname}: ${gzip} B`).join('\n')).toBeLessThanOrEqual(10 * 1024);
});

test('the sign-in form checks before sending and signs in through the API, never with the credentials in a URL', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(`${request.method()} ${request.url()}`));
  await page.goto('/tiles-access?returnTo=/it-IT/profile/user-courses');
  await expect(page.locator('#sign-in-form[data-ready]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.locator('#sign-in-code-error')).toHaveText('Campo obbligatorio');
  await expect(page.getByLabel('Codice utente')).toBeFocused();
  expect(requests.filter((request) => request.startsWith('POST'))).toEqual([]);
  await page.getByLabel('Codice utente').fill(LEARNER.code);
  await page.getByLabel('Password').fill(LEARNER.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.waitForURL(/\/it-IT\/profile\/user-courses$/);
  expect(requests.filter((request) => request.startsWith('POST') && !request.endsWith('/api/event/hit'))).toEqual([
    expect.stringMatching(/^POST http:\/\/[^/]+\/api\/auth\/login$/),
  ]);
  for (const request of requests) expect(request).not.toContain(LEARNER.password);
});

test('when the server asks for the bot check, it appears and the sign-in carries on by itself once solved', async ({ browser }) => {
  // Its own client address: two failures from it make the check due for every account there.
  const context = await browser.newContext({ extraHTTPHeaders: { 'cf-connecting-ip': '203.0.113.88' } });
  for (let i = 0; i < 2; i++) {
    const failed = await context.request.post('/api/auth/login', {
      headers: { 'tiles-site-id': 'tiles-demo', 'tiles-locale-code': 'it-IT' },
      data: { cu: `sconosciuto-${i}`, cp: 'sbagliata' },
    });
    expect(failed.status()).toBe(401);
  }
  const page = await context.newPage();
  const logins: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/auth/login')) logins.push(response.status());
  });
  await page.goto('/tiles-access');
  await expect(page.locator('#sign-in-form[data-ready]')).toHaveCount(1);
  await expect(page.getByTestId('bot-check')).toHaveCount(0);
  await page.getByLabel('Codice utente').fill(LEARNER.code);
  await page.getByLabel('Password').fill(LEARNER.password);
  // One press of "Accedi", and nothing more.
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByTestId('bot-check')).toBeVisible();
  await page.waitForURL(/\/it-IT\/profile$/, { timeout: 30_000 });
  expect(logins).toEqual([428, 200]);
  await context.close();
});
