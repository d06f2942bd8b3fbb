import { expect, test, type Browser, type Page } from './fixtures.ts';

// The staff pages that take a CSV file say the API's limit beside the field and refuse a file
// over it with one sentence naming the limit. With scripts, as soon as the file is chosen (nothing
// is sent). Without them, the page stays where it is with that sentence in its alert and the form
// ready for another file: just over the limit (the page reads it and refuses it) and past what a
// page post may carry (the Worker refuses it unread and shows the page again), never an error page.

const STAFF = { code: 'segreteria.demo', password: 'Segreteria-Demo-2026!' };
const IMPORT = '/it-IT/staff/people/import';
const COURSE = '/it-IT/staff/courses/movimentazione-pazienti';
const TOO_LARGE = 'Il file supera il limite di 4 MB: scegline uno più piccolo.';

/** A CSV of `mib` MiB, one person a row. */
function csvOf(mib: number): Buffer {
  const row = 'Anna;Rossi;anna.rossi@example.it\r\n';
  return Buffer.from(`nome;cognome;email\r\n${row.repeat(Math.ceil((mib * 1024 * 1024) / row.length))}`, 'utf8');
}

/** A staff member's tab, signed in through the plain form (it works without scripts too). */
async function staffTab(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const page = await (
    await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { 'cf-connecting-ip': `203.0.113.${javaScriptEnabled ? 91 : 92}` } })
  ).newPage();
  await page.goto('/tiles-access');
  await page.getByLabel('Codice utente').fill(STAFF.code);
  await page.getByLabel('Password').fill(STAFF.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.waitForURL(/\/it-IT\/profile$/);
  return page;
}

async function refusedOnPage(page: Page, path: string, label: string, button: string, mib: number): Promise<void> {
  await page.goto(path);
  await page.getByLabel(label).setInputFiles({ name: 'persone.csv', mimeType: 'text/csv', buffer: csvOf(mib) });
  const answer = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === path);
  await page.getByRole('button', { name: button }).click();
  expect((await answer).status()).toBe(413);
  await expect(page.getByRole('alert').filter({ hasText: TOO_LARGE })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(path);
  // The form is there again, for another file.
  await expect(page.getByLabel(label)).toBeVisible();
  await expect(page.getByRole('button', { name: button })).toBeEnabled();
}

test('without scripts, the people import and a course’s enrolment list refuse a file over 4 MB on the page itself, naming the limit', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await staffTab(browser, false);
  await page.goto(IMPORT);
  await expect(page.getByText('Dimensione massima del file: 4 MB.')).toBeVisible();
  await refusedOnPage(page, IMPORT, 'File CSV delle persone', 'Verifica il file', 4.39);
  await refusedOnPage(page, IMPORT, 'File CSV delle persone', 'Verifica il file', 7);
  await refusedOnPage(page, COURSE, 'File CSV', "Iscrivi l'elenco", 4.39);
  await refusedOnPage(page, COURSE, 'File CSV', "Iscrivi l'elenco", 7);
});

test('with scripts, a file over 4 MB is refused as soon as it is chosen, with the same sentence, and nothing is sent', async ({ browser }) => {
  const page = await staffTab(browser, true);
  for (const [path, label, button] of [
    [IMPORT, 'File CSV delle persone', 'Verifica il file'],
    [COURSE, 'File CSV', "Iscrivi l'elenco"],
  ] as const) {
    await page.goto(path);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    const input = page.getByLabel(label);
    await input.setInputFiles({ name: 'persone.csv', mimeType: 'text/csv', buffer: csvOf(4.39) });
    expect(await input.evaluate((element: HTMLInputElement) => element.validationMessage)).toBe(TOO_LARGE);
    await page.getByRole('button', { name: button }).click();
    expect(posts).toEqual([]);
    expect(new URL(page.url()).pathname).toBe(path);
    // A file within the limit is accepted again.
    await input.setInputFiles({ name: 'persone.csv', mimeType: 'text/csv', buffer: Buffer.from('nome;cognome;email\r\n') });
    expect(await input.evaluate((element: HTMLInputElement) => element.validationMessage)).toBe('');
  }
});
