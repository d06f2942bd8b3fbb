import { expect, test, type Page } from './fixtures.ts';
import { signIn } from './helpers.ts';

// The staff pages that take a CSV file say the API's limit beside the field and, for a file over
// it, stay where they are with that sentence in their alert and the form ready for another file:
// just over the limit (the page reads it and refuses it) and past what a page post may carry (the
// Worker refuses it unread and shows the page again), never an error page.

const STAFF = { code: 'segreteria.demo', password: 'Segreteria-Demo-2026!' };
const COURSE = 'movimentazione-pazienti';
const TOO_LARGE = 'Il file supera il limite di 4 MB: scegline uno più piccolo o dividilo in più file.';

/** A CSV of `mib` MiB, one person a row. */
function csvOf(mib: number): Buffer {
  const row = 'Anna;Rossi;anna.rossi@example.it\r\n';
  return Buffer.from(`nome;cognome;email\r\n${row.repeat(Math.ceil((mib * 1024 * 1024) / row.length))}`, 'utf8');
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

test('the people import and a course’s enrolment list refuse a file over 4 MB on the page itself, naming the limit', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, STAFF);
  await page.goto('/it-IT/staff/people/import');
  await expect(page.getByText('Dimensione massima del file: 4 MB.')).toBeVisible();
  await refusedOnPage(page, '/it-IT/staff/people/import', 'File CSV delle persone', 'Verifica il file', 4.39);
  await refusedOnPage(page, '/it-IT/staff/people/import', 'File CSV delle persone', 'Verifica il file', 7);
  await refusedOnPage(page, `/it-IT/staff/courses/${COURSE}`, 'File CSV', "Iscrivi l'elenco", 4.39);
  await refusedOnPage(page, `/it-IT/staff/courses/${COURSE}`, 'File CSV', "Iscrivi l'elenco", 7);
});
