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
  const request = new URL(visitor.url()).searchParams.get('n');
  await visitor.context().close();

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, STAFF);
  for (const path of [
    '/it-IT/staff/people',
    '/it-IT/staff/courses',
    '/it-IT/staff/courses/movimentazione-pazienti',
    '/it-IT/staff/people/u-corsista-1',
    '/it-IT/staff/support',
    // The request itself names its sender's address in a sentence: the address breaks, the page stays 390 px wide.
    `/it-IT/staff/support/${request}`,
  ]) {
    await page.goto(path);
    const tables = page.locator('table.stacked-table');
    if (!path.startsWith('/it-IT/staff/support/')) expect(await tables.count(), path).toBeGreaterThan(0);
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

test('the new-person form refuses every wrong field at once, each marked beside itself, and keeps what was typed', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, STAFF);
  await page.goto('/it-IT/staff/people/new');
  await page.getByLabel('Nome', { exact: true }).fill('Anna');
  await page.getByLabel('Cognome').fill('Verdi');
  // The browser takes an address without a domain's ending; the server does not.
  await page.getByLabel('E-mail', { exact: true }).fill('anna.verdi@ospedale');
  // A real codice fiscale, Mario Rossi's, not Anna Verdi's.
  await page.getByLabel('Codice fiscale (facoltativo)').fill('RSSMRA85M01H501Q');
  await page.getByRole('button', { name: 'Crea e invita' }).click();

  const email = page.getByLabel('E-mail', { exact: true });
  const fiscalCode = page.getByLabel('Codice fiscale (facoltativo)');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(/«anna\.verdi@ospedale» non è un indirizzo e-mail valido\./);
  await expect(fiscalCode).toHaveAttribute('aria-invalid', 'true');
  await expect(fiscalCode).toHaveAccessibleDescription('«RSSMRA85M01H501Q» non corrisponde a nome e cognome: le prime sei lettere vengono da cognome e nome.');
  await expect(page.getByLabel('Nome', { exact: true })).not.toHaveAttribute('aria-invalid');
  await expect(page.getByTestId('staff-problem')).toContainText('non è un indirizzo e-mail valido');
  await expect(page.getByTestId('staff-problem')).toContainText('non corrisponde a nome e cognome');
  await expect(page.getByLabel('Cognome')).toHaveValue('Verdi');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Corrected, the person is created.
  const address = `anna.verdi.${Date.now()}@ospedale.example.it`;
  await email.fill(address);
  await fiscalCode.fill('');
  await page.getByRole('button', { name: 'Crea e invita' }).click();
  await expect(page.getByTestId('person-name')).toHaveText('Anna Verdi');
});
