import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './fixtures.ts';
import { EDITOR, signIn, switchMode } from './helpers.ts';

const seedFile = (name: string) => readFileSync(new URL(`../../seed/media/${name}`, import.meta.url));

/** The CMS panel's media section, for an editor in CMS mode. */
async function mediaSection(page: Page) {
  await signIn(page, EDITOR);
  await switchMode(page, 'Redazione (CMS)');
  await page.goto('/it-IT/chi-siamo');
  const section = page.getByTestId('cms-panel').getByRole('region', { name: 'Archivio file' });
  await expect(section.getByTestId('media-entry').first()).toBeVisible();
  return section;
}

test('an editor uploads a video and a PDF in the CMS media section and sees them listed with what their bytes are; a file that is not what it says is refused', async ({
  page,
}) => {
  const section = await mediaSection(page);
  // The demo's own files are there, with where they are used.
  const demo = section.locator('[data-key="lezione-procedura.mp4"]');
  await expect(demo).toContainText('video/mp4');
  await expect(demo).toContainText('durata 0:36');
  await expect(demo).toContainText("«Prevenzione delle infezioni correlate all'assistenza», sessione 2.3");

  const upload = section.getByLabel('Carica un file');
  await upload.setInputFiles({ name: 'Lezione di prova.webm', mimeType: 'video/webm', buffer: seedFile('lezione-caso-clinico.webm') });
  await expect(section.getByRole('status').filter({ hasText: 'File «Lezione di prova.webm» caricato.' })).toBeVisible();
  const video = section.getByTestId('media-entry').filter({ hasText: 'Lezione di prova.webm' });
  await expect(video).toContainText('video/webm');
  await expect(video).toContainText('durata 0:48');
  await expect(video).toContainText('Non lo usa nessuna sessione né bozza.');

  await upload.setInputFiles({ name: 'Dispensa di prova.pdf', mimeType: 'application/pdf', buffer: seedFile('triage-pronto-soccorso-1-2.pdf') });
  await expect(section.getByRole('status').filter({ hasText: 'File «Dispensa di prova.pdf» caricato.' })).toBeVisible();
  const pdf = section.getByTestId('media-entry').filter({ hasText: 'Dispensa di prova.pdf' });
  await expect(pdf).toContainText('application/pdf');

  // A picture named as a PDF: refused by its bytes, with the reason, and not listed.
  await upload.setInputFiles({ name: 'Finto.pdf', mimeType: 'application/pdf', buffer: seedFile('lezione-sintesi.jpg') });
  await expect(section.getByRole('alert')).toHaveText(/Il file non è un PDF valido/);
  await expect(section.getByTestId('media-entry').filter({ hasText: 'Finto.pdf' })).toHaveCount(0);

  // Filtered by kind: the PDF among the documents, the video not.
  await section.getByLabel('Mostra').selectOption('document');
  await expect(pdf).toBeVisible();
  await expect(video).toHaveCount(0);
  await section.getByLabel('Mostra').selectOption('all');

  // The uploaded video plays for a signed-in user, from its private address.
  const address = await video.getByRole('link').getAttribute('href');
  expect(address).toMatch(/^\/media\/lezione-di-prova-[0-9a-f]{8}\.webm$/);
  const served = await page.request.get(address ?? '', { headers: { range: 'bytes=0-3' } });
  expect(served.status()).toBe(206);

  // Deleted with a confirmation, as nothing uses it.
  await video.getByRole('button', { name: 'Elimina «Lezione di prova.webm»' }).click();
  await video.getByRole('button', { name: 'Sì, elimina' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'File «Lezione di prova.webm» eliminato.' })).toBeVisible();
  await expect(section.getByTestId('media-entry').filter({ hasText: 'Lezione di prova.webm' })).toHaveCount(0);
  // A file in use offers no deletion.
  await expect(demo.getByRole('button', { name: /^Elimina/ })).toHaveCount(0);
});

test('the media section works at 390 px and by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const section = await mediaSection(page);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const box = await section.boundingBox();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 390).toBe(true);
  // The kind filter and an entry's actions are reached and used by keyboard.
  await section.getByLabel('Mostra').focus();
  await page.keyboard.press('ArrowDown');
  await expect(section.getByLabel('Mostra')).toHaveValue('video');
  const entry = section.getByTestId('media-entry').first();
  await entry.getByRole('link').focus();
  await page.keyboard.press('Tab');
  await expect(entry.getByLabel(/^Sostituisci/)).toBeFocused();
});

test('a course medium asked with a session cookie that no longer holds clears it and the sign-in marker together', async ({ request }) => {
  const answer = await request.get('/media/lezioni/video.mp4', { headers: { cookie: 't-ssid=Fe26.2**not-a-seal; t-in=1' } });
  expect(answer.status()).toBe(401);
  const cookies = answer.headersArray().filter((header) => header.name.toLowerCase() === 'set-cookie');
  expect(cookies.some((cookie) => /^t-ssid=;.*Max-Age=0/i.test(cookie.value))).toBe(true);
  expect(cookies.some((cookie) => /^t-in=;.*Max-Age=0/i.test(cookie.value))).toBe(true);
});
