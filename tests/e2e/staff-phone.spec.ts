import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';

// A secretary on a phone (390 px): every staff list reads without sideways scrolling, each row a
// block of labelled lines with its status in view.
const STAFF = { code: 'segreteria.demo', password: 'Segreteria-Demo-2026!' };

test('staff lists at 390 px: no table wider than the screen, each cell labelled', async ({ page, browser }) => {
  // A support request from a long address (one unbreakable word), sent as a visitor without scripts.
  const visitor = await (await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { 'cf-connecting-ip': '198.18.210.7' } })).newPage();
  await visitor.goto('/it-IT/assistenza');
  const form = visitor.locator('#support-form');
  await form.getByLabel('Nome e cognome').fill('Maria Antonietta Lunghissimo-Cognome');
  await form.getByLabel('E-mail').fill(`coordinatrice.infermieristica.reparto.${Date.now()}@azienda-ospedaliera.example.it`);
  await form.getByLabel('Messaggio').fill('Il video della sessione non parte dal telefono.');
  await form.getByRole('button', { name: 'Invia richiesta' }).click();
  await visitor.waitForURL(/\/it-IT\/assistenza\/inviata/);
  await visitor.context().close();

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, STAFF);
  for (const path of [
    '/it-IT/staff/people',
    '/it-IT/staff/courses',
    '/it-IT/staff/courses/movimentazione-pazienti',
    '/it-IT/staff/people/u-corsista-1',
    '/it-IT/staff/support',
  ]) {
    await page.goto(path);
    const tables = page.locator('table.stacked-table');
    expect(await tables.count(), path).toBeGreaterThan(0);
    const widths = await page.evaluate(() =>
      [...document.querySelectorAll('.table-scroll')].map((region) => ({ scroll: region.scrollWidth, client: region.clientWidth })),
    );
    for (const width of widths) expect(width.scroll, path).toBeLessThanOrEqual(width.client);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
  // The state of each person shows with its label.
  await page.goto('/it-IT/staff/people');
  const status = page.getByTestId('person-row-status').first();
  await expect(status).toBeVisible();
  expect(await status.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe('"Stato: "');
});
