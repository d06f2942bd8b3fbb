import { expect, test, type Locator, type Page } from './fixtures.ts';
import { readFileSync } from 'node:fs';
import { apiHeaders, dropDrafts, EDITOR, islandsReady, openPanelSection, signIn, switchMode, TESTER } from './helpers.ts';
import { linkIn, waitForMail } from './mailbox.ts';

const seedFile = (name: string) => readFileSync(new URL(`../../seed/media/${name}`, import.meta.url));

/** Clicks "Pubblica" (or `button`) and waits for the build to go live; returns the seconds from click to live. */
async function publishAndWait(page: Page, button: Locator = page.getByRole('button', { name: 'Pubblica', exact: true })): Promise<number> {
  const started = Date.now();
  await button.click();
  const status = page.getByTestId('cms-build-status');
  await expect(status).toHaveAttribute('data-status', 'live', { timeout: 240_000 });
  return (Date.now() - started) / 1000;
}

const COURSE = 'lesioni-da-pressione';

// A journey that fails half-way leaves no draft behind for the publish journeys to count.
test.afterEach(async ({ page }) => {
  await signIn(page, EDITOR);
  await dropDrafts(page);
});
const PASSWORD = 'la medicazione si cambia ogni tre giorni';

/** A nurse who has never used the site: registers, confirms through the real e-mail's link, signs in by e-mail. */
async function registerNewLearner(page: Page): Promise<void> {
  const email = `giulia.conti.${Date.now()}@example.it`;
  await page.goto('/it-IT/register');
  await page.getByLabel('Indirizzo e-mail').fill(email);
  await page.getByLabel('Nome', { exact: true }).fill('Giulia');
  await page.getByLabel('Cognome').fill('Conti');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel(/Ho letto l'informativa sulla privacy/).check();
  await page.getByRole('button', { name: 'Registrati' }).click();
  await expect(page.getByTestId('register-sent')).toBeVisible({ timeout: 30_000 });
  const [mail] = await waitForMail(page.request, email, 1);
  await page.goto(linkIn(mail!));
  await page.getByRole('button', { name: "Attiva l'account" }).click();
  await expect(page.getByTestId('register-confirmed')).toBeVisible();
  await page.getByLabel('Codice utente o e-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.waitForURL(/\/it-IT\/profile$/);
}

test('an editor creates a course with two modules, a tester reviews the draft, the editor publishes it and a learner finds it, plays it and completes it', async ({
  page,
  browser,
}) => {
  test.setTimeout(480_000);
  await signIn(page, EDITOR);
  await switchMode(page, 'Redazione (CMS)');
  await page.goto('/it-IT/catalogo-corsi');
  const panel = page.getByTestId('cms-panel');
  const courses = panel.getByTestId('cms-courses');
  await courses.getByRole('button', { name: 'Nuovo corso' }).click();
  const form = courses.getByTestId('cms-new-course');
  await form.getByLabel('Titolo del corso').fill('Lesioni da pressione');
  // The address is proposed from the title.
  await expect(form.getByLabel('Indirizzo del corso')).toHaveValue(COURSE);
  await form.getByLabel('Sommario').fill('Prevenire e trattare le lesioni da decubito in reparto.');
  await form.getByLabel('Descrizione').fill('Per infermieri e operatori: valutazione del rischio, riposizionamento e medicazione delle ulcere da decubito.');
  await form.getByLabel('Titolo del primo modulo').fill('Valutazione del rischio');
  await form.getByRole('button', { name: 'Crea il corso (bozza)' }).click();
  await page.waitForURL(`**/it-IT/course/${COURSE}`);
  await expect(page.getByTestId('course-draft')).toBeVisible();
  // A course with no session yet says so, not that everything is done.
  await expect(page.getByTestId('course-empty')).toHaveText('Questo corso non ha ancora sessioni.');
  await expect(page.getByTestId('course-all-done')).toHaveCount(0);
  await islandsReady(page);

  // The structure: a captioned video and a text in module 1, a PDF in module 2.
  const outline = page.getByTestId(`cms-outline-${COURSE}`);
  await openPanelSection(page, 'Struttura del corso «Lesioni da pressione»');
  await expect(outline.getByLabel('Titolo del modulo 1')).toHaveValue('Valutazione del rischio');
  await outline.getByRole('button', { name: 'Aggiungi video' }).click();
  const video = outline.getByTestId('cms-session-1');
  await video.getByLabel('Titolo della sessione 1').fill('La scala di Braden');
  // Uploaded from the editor: the video's length becomes the session's duration.
  const videoField = video.getByRole('group', { name: 'Video (MP4 o WebM)' });
  await videoField.getByLabel('Carica un file').setInputFiles({ name: 'Braden.webm', mimeType: 'video/webm', buffer: seedFile('lezione-caso-clinico.webm') });
  await expect(videoField.getByTestId('media-field-value')).toContainText('Braden.webm');
  await expect(video.getByLabel('Secondi')).toHaveValue('48');
  // Its poster is a frame of the video itself, taken in the editor's browser and put in the library.
  await expect(video.getByRole('group', { name: 'Immagine di anteprima del video' }).getByTestId('media-field-value')).toContainText('Braden-poster.jpg');
  const captions = video.getByRole('group', { name: 'Sottotitoli WebVTT (it-IT)' });
  await captions
    .getByLabel('Carica un file')
    .setInputFiles({ name: 'braden.it-IT.vtt', mimeType: 'text/vtt', buffer: seedFile('lezione-caso-clinico.it-IT.vtt') });
  await expect(captions.getByTestId('media-field-value')).toContainText('braden.it-IT.vtt');
  await outline.getByRole('button', { name: 'Aggiungi testo' }).click();
  await outline.getByTestId('cms-session-2').getByLabel('Titolo della sessione 2').fill('Il riposizionamento');
  // Keyboard reordering: the text goes first, then back.
  await outline.getByRole('button', { name: 'Sposta su «Il riposizionamento»' }).press('Enter');
  await expect(outline.getByTestId('cms-module-1').getByRole('listitem').first()).toHaveAttribute('data-testid', 'cms-session-2');
  await outline.getByRole('button', { name: 'Sposta giù «Il riposizionamento»' }).focus();
  await page.keyboard.press('Enter');
  await outline.getByRole('button', { name: 'Aggiungi modulo' }).click();
  await outline.getByLabel('Titolo del modulo 2').fill('Medicazione');
  await outline.getByTestId('cms-module-2').getByRole('button', { name: 'Aggiungi documento' }).click();
  const pdf = outline.getByTestId('cms-module-2').getByTestId('cms-session-1');
  await pdf.getByLabel('Titolo della sessione 1').fill('Protocollo di medicazione');
  const pdfField = pdf.getByRole('group', { name: 'Documento PDF' });
  await pdfField
    .getByLabel('Carica un file')
    .setInputFiles({ name: 'Protocollo.pdf', mimeType: 'application/pdf', buffer: seedFile('prevenzione-ica-2-2.pdf') });
  await expect(pdfField.getByTestId('media-field-value')).toContainText('Protocollo.pdf');
  await expect(outline.getByTestId('cms-outline-duration')).toHaveText('Durata dichiarata (somma delle sessioni): 0h 20m 48s');
  await outline.getByRole('button', { name: 'Salva la struttura (bozza)' }).click();
  await expect(outline.getByTestId('cms-outline-status')).toHaveText('Bozza salvata. I visitatori la vedranno dopo la pubblicazione.');

  // The page follows the saved structure without a reload: its sessions are there, as learners will see them.
  await expect(page.getByRole('link', { name: 'Il riposizionamento' })).toBeVisible();
  await expect(page.getByTestId('course-empty')).toHaveCount(0);
  // The text session's body, written on its own page (a draft, previewed in place).
  await page.getByRole('link', { name: 'Il riposizionamento' }).click();
  await expect(page.getByTestId('session-preview')).toBeVisible();
  const sessionEditor = panel.getByTestId(`cms-editor-session-${COURSE}.1.2`);
  // Written in the rich editor from the keyboard: a paragraph, a list, bold, a link picked from the site's pages, a table.
  const text = sessionEditor.getByRole('textbox', { name: 'Testo della pagina', exact: true });
  await text.click();
  await text.pressSequentially('Ogni due ore, secondo il piano assistenziale.');
  await text.press('Enter');
  const tools = sessionEditor.getByRole('toolbar', { name: 'Formattazione del testo' });
  await tools.getByRole('button', { name: 'Elenco puntato' }).click();
  await text.pressSequentially('Decubito laterale 30°');
  await text.press('Enter');
  await text.pressSequentially('Semi-Fowler');
  await text.press('Enter');
  await text.press('Enter');
  await text.press('Control+b');
  await text.pressSequentially('Attenzione');
  await text.press('Control+b');
  await text.pressSequentially(' ai talloni: rispetta ');
  await tools.getByRole('button', { name: 'Collegamento', exact: true }).click();
  const linkDialog = page.getByTestId('rich-dialog');
  await linkDialog.getByLabel('Scegli una pagina o una sessione del sito').selectOption({ label: 'Informativa sulla privacy' });
  await expect(linkDialog.getByLabel(/^Indirizzo/)).toHaveValue('/it-IT/privacy');
  await linkDialog.getByLabel('Testo del collegamento').fill('i dati del paziente');
  await linkDialog.getByRole('button', { name: 'Inserisci' }).click();
  await expect(linkDialog).toHaveCount(0);
  await text.press('Enter');
  await tools.getByRole('button', { name: 'Tabella' }).click();
  await text.pressSequentially('Posizione');
  await text.press('Tab');
  await text.pressSequentially('Intervallo');
  await sessionEditor.getByRole('button', { name: 'Salva bozza' }).click();
  await expect(sessionEditor.getByRole('status')).toHaveText('Bozza salvata. I visitatori la vedranno dopo la pubblicazione.');

  // A tester sees the new course in place before it is published; a visitor does not.
  const tester = await (await browser.newContext()).newPage();
  await signIn(tester, TESTER);
  await switchMode(tester, 'Collaudo');
  await tester.goto(`/it-IT/course/${COURSE}`);
  await expect(tester.getByRole('heading', { level: 1 })).toHaveText('Lesioni da pressione');
  await expect(tester.getByTestId('course-draft')).toBeVisible();
  await tester.getByRole('link', { name: 'Il riposizionamento' }).click();
  await expect(tester.getByTestId('session-preview')).toBeVisible();
  await expect(tester.getByText('Ogni due ore, secondo il piano assistenziale.')).toBeVisible();
  await expect(tester.getByText('Semi-Fowler')).toBeVisible();
  const visitor = await (await browser.newContext()).newPage();
  expect((await visitor.goto(`/it-IT/course/${COURSE}`))?.status()).toBe(404);

  // A colleague's draft elsewhere on the site waits: the editor publishes this course alone.
  const api = apiHeaders();
  const colleague = '/api/cms/documents/content/it-IT/chi-siamo';
  const about = (await (await page.request.get(colleague, { headers: api })).json()).outcome.live;
  expect((await page.request.put(colleague, { headers: api, data: { ...about, title: 'Chi siamo (in lavorazione)' } })).status()).toBe(200);
  await page.reload();
  await islandsReady(page);
  // The editor is on a session of the course, still a preview with nothing to complete.
  await expect(page.getByTestId('session-preview')).toBeVisible();
  const seconds = await publishAndWait(page, panel.getByTestId('cms-publish-course'));
  // The page follows: once published, it is the session learners open, without a reload.
  await expect(page.getByTestId('session-preview')).toHaveCount(0);
  await expect(page.getByTestId('complete-session')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Il riposizionamento');
  await expect(panel.getByTestId('cms-pending')).toHaveText('Bozze da pubblicare (tutte le lingue): 1');
  const waiting = (await (await page.request.get('/api/cms/drafts', { headers: api })).json()).outcome as { kind: string; key: string }[];
  expect(waiting.map((draft) => `${draft.kind} ${draft.key}`)).toEqual(['content chi-siamo']);
  expect((await page.request.delete(colleague, { headers: api })).status()).toBe(200);
  // Its speed is the bench's (bench/course-authoring.mjs, on a quiet machine): here the build shares
  // two cores with the other suites and the other worker, and only has to go live (within 120 s).
  console.log(`new course, click to live: ${seconds.toFixed(1)} s`);

  // The lesson reads the same without scripts: drawn on the server from its document, nothing of the editor on the page.
  const lesson = `/it-IT/course/session/${COURSE}/1/2`;
  const withoutScripts = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await signIn(withoutScripts);
  await withoutScripts.goto(lesson);
  const body = withoutScripts.getByRole('region', { name: 'Testo' });
  await expect(body.getByRole('listitem')).toHaveText(['Decubito laterale 30°', 'Semi-Fowler']);
  await expect(body.locator('strong')).toHaveText('Attenzione');
  await expect(body.getByRole('link', { name: 'i dati del paziente' })).toHaveAttribute('href', '/it-IT/privacy');
  await expect(body.getByRole('columnheader')).toHaveText(['Posizione', 'Intervallo', '']);
  const withScripts = await (await browser.newContext()).newPage();
  await signIn(withScripts);
  await withScripts.goto(lesson);
  await islandsReady(withScripts);
  expect(await withScripts.getByRole('region', { name: 'Testo' }).innerHTML()).toBe(await body.innerHTML());
  const loaded = await withScripts.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
  expect(loaded.filter((name) => /RichTextField|tiptap|prosemirror/i.test(name))).toEqual([]);

  // A nurse new to the site registers, finds it by a word of its description, opens it and completes it.
  const learner = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await registerNewLearner(learner);
  await learner.goto('/it-IT/catalogo-corsi-no-ecm/cerca?q=decubito');
  await learner.getByRole('link', { name: 'Lesioni da pressione' }).click();
  await expect(learner.getByRole('heading', { level: 1 })).toHaveText('Lesioni da pressione');
  await expect(learner.getByText('Modulo 2: Medicazione')).toBeVisible();
  await learner.getByRole('link', { name: 'La scala di Braden' }).click();
  const player = learner.getByTestId('session-video');
  await expect(player).toBeVisible();
  await islandsReady(learner);
  // Plays, and seeks: the Worker answers the ranges.
  await player.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
    element.currentTime = 10;
  });
  await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(10);
  await expect(player.locator('track[srclang="it"]')).toHaveAttribute('src', /^\/media\/braden-it-it-[0-9a-f]+\.vtt$/);
  await expect.poll(() => player.locator('track[srclang="it"]').evaluate((element: HTMLTrackElement) => element.readyState)).toBe(2);
  await expect.poll(() => player.evaluate((element: HTMLVideoElement) => Math.round(element.duration))).toBe(48);
  await learner.getByTestId('complete-session').click();
  await expect(learner.getByTestId('session-completed')).toBeVisible();
  await learner.getByTestId('next-session').click();
  await expect(learner.getByRole('listitem').filter({ hasText: 'Semi-Fowler' })).toBeVisible();
  await learner.getByTestId('complete-session').click();
  await expect(learner.getByTestId('session-completed')).toBeVisible();
  await learner.getByTestId('next-session').click();
  await expect(learner.getByTestId('session-document')).toBeVisible();
  // The PDF is the uploaded one, served privately to the learner.
  const pdfAddress = (await learner.getByTestId('document-download').getAttribute('href')) ?? '';
  const served = await learner.request.get(pdfAddress);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('application/pdf');
  await learner.getByTestId('complete-session').click();
  await expect(learner.getByTestId('completion-rewards')).toContainText('Hai completato il corso');
});
