import { expect, test, type Browser, type Locator } from './fixtures.ts';
import { apiHeaders, dropDrafts, EDITOR, islandsReady, LEARNER, pasteHtml, signIn, switchMode, TESTER } from './helpers.ts';

// A course's editing screen, reached from the staff area's course list.
const COURSE = 'comunicare-cattive-notizie';
const EDIT = `/it-IT/staff/courses/${COURSE}/edit`;

test.afterEach(async ({ page }) => {
  await signIn(page, EDITOR);
  await dropDrafts(page);
});

/** What Word puts on the clipboard for a bulleted list with a sub-item, and a paragraph after it. */
const WORD_LIST = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><body lang=IT>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]><span style='color:#C00000'>Chiedi che cosa sa già</span><o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='margin-left:72.0pt;text-indent:-18.0pt;mso-list:l0 level2 lfo1'><![if !supportLists]><span style='font-family:"Courier New"'><span style='mso-list:Ignore'>o<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><![endif]>Ascolta le parole che usa<o:p></o:p></p>
<p class=MsoNormal><b>Poi</b><span style='font-family:Arial'> spiega, con calma.</span><o:p></o:p></p>
</body></html>`;

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not rendered');
  return found;
};

for (const width of [1280, 390]) {
  test(`at ${width} px an editor opens a course's editing screen from the staff list: publishing on top, the structure and a session's text ${width > 600 ? 'side by side' : 'in one column'}`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, EDITOR);
    // In CMS mode too, the screen is the editor: no panel floats over it.
    await switchMode(page, 'Redazione (CMS)');
    await page.goto('/it-IT/staff/courses');
    await page.getByRole('link', { name: 'Modifica «Comunicare cattive notizie»' }).click();
    await page.waitForURL(`**${EDIT}`);
    await islandsReady(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Modifica del corso «Comunicare cattive notizie»');
    await expect(page.getByTestId('cms-panel')).toHaveCount(0);

    // What an editor comes back for is in sight at once: publishing this course, or everything.
    const publishCourse = page.getByTestId('cms-publish-course');
    await expect(publishCourse).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Pubblica', exact: true })).toBeInViewport();
    await expect(publishCourse).toHaveText('Pubblica solo questo corso (bozze: 0)');
    await expect(publishCourse).toBeDisabled();

    // The course's own texts are open first; a session's text opens beside (or below) the structure.
    const editing = page.getByTestId('course-editor-document');
    await expect(editing.getByRole('heading', { level: 2 })).toHaveText('In modifica: Testi del corso (titolo, sommario, descrizione)');
    await expect(editing.getByLabel('Titolo', { exact: true })).toHaveValue('Comunicare cattive notizie');
    await page.getByRole('button', { name: 'Scrivi il contenuto «Preparazione e percezione»' }).click();
    const heading = editing.getByRole('heading', { level: 2 });
    await expect(heading).toHaveText('In modifica: Preparazione e percezione');
    await expect(heading).toBeFocused();
    const session = editing.getByTestId(`cms-editor-session-${COURSE}.1.1`);
    await expect(session.getByLabel('Titolo', { exact: true })).toHaveValue('Preparazione e percezione');

    const structure = await box(page.getByTestId(`cms-outline-${COURSE}`));
    const editorBox = await box(editing);
    if (width > 600) expect(editorBox.x).toBeGreaterThanOrEqual(structure.x + structure.width);
    else expect(editorBox.y).toBeGreaterThanOrEqual(structure.y + structure.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // A saved draft is listed on top by its title and author, and this course can go live alone.
    await session.getByRole('textbox', { name: 'Testo della pagina', exact: true }).fill('Testo riscritto nella pagina di modifica del corso.');
    await session.getByRole('button', { name: 'Salva bozza' }).click();
    await expect(session.getByRole('status')).toHaveText('Bozza salvata. I visitatori la vedranno dopo la pubblicazione.');
    await expect(page.getByTestId('cms-draft-list')).toContainText('Sessione «Preparazione e percezione» · di Marco Rossi');
    await expect(publishCourse).toHaveText('Pubblica solo questo corso (bozze: 1)');
    await expect(publishCourse).toBeEnabled();

    await session.getByRole('button', { name: 'Elimina la bozza' }).click();
    await expect(session.getByRole('status')).toHaveText('Bozza eliminata: resta il testo pubblicato.');
    await expect(page.getByTestId('cms-draft-list')).toHaveCount(0);
    await expect(publishCourse).toHaveText('Pubblica solo questo corso (bozze: 0)');
  });
}

test('closing the editing screen with unsaved changes asks first: staying keeps them, and once saved it closes freely', async ({ page }) => {
  await signIn(page, EDITOR);
  await page.goto(EDIT);
  await islandsReady(page);
  const editing = page.getByTestId('course-editor-document');
  const summary = editing.getByLabel('Sommario');
  // Typed as a person types: a browser asks before leaving only a page the person has interacted with.
  await summary.fill('');
  await summary.pressSequentially('Un sommario scritto e non ancora salvato.');
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.dismiss();
  });
  // Closing the tab, as a person would, with the page's own handlers run: the browser asks, and "stay" keeps the page.
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => asked).toEqual(['beforeunload']);
  expect(page.isClosed()).toBe(false);
  await expect(summary).toHaveValue('Un sommario scritto e non ancora salvato.');

  await editing.getByRole('button', { name: 'Salva bozza' }).click();
  await expect(editing.getByRole('status')).toHaveText('Bozza salvata. I visitatori la vedranno dopo la pubblicazione.');
  const closed = page.waitForEvent('close');
  await page.close({ runBeforeUnload: true });
  await closed;
  expect(asked).toEqual(['beforeunload']);
});

/** An editor of their own (a browser context of its own) with the course's texts open in its editing screen. */
async function openCourseTexts(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, EDITOR);
  await page.goto(EDIT);
  await islandsReady(page);
  const editing = page.getByTestId('course-editor-document');
  await expect(editing.getByLabel('Titolo', { exact: true })).toHaveValue('Comunicare cattive notizie');
  return { page, context, editing, summary: editing.getByLabel('Sommario') };
}

test('two editors save the same text: the second is told, keeps what they typed, overwrites nothing, and loads the first one’s text when they choose', async ({
  browser,
  baseURL,
}) => {
  // Two browsers, as two editors (or one editor's two tabs), open the same course's texts.
  const open = () => openCourseTexts(browser, baseURL);
  const first = await open();
  const second = await open();

  await first.summary.fill('Il sommario della prima redattrice.');
  await first.editing.getByRole('button', { name: 'Salva bozza' }).click();
  await expect(first.editing.getByRole('status')).toHaveText('Bozza salvata. I visitatori la vedranno dopo la pubblicazione.');

  await second.summary.fill('Il sommario del secondo redattore.');
  await second.editing.getByRole('button', { name: 'Salva bozza' }).click();
  await expect(second.editing.getByRole('alert')).toHaveText(
    'Qualcun altro ha salvato questo contenuto dopo che l’hai aperto: il tuo salvataggio non è stato registrato, per non sovrascrivere il suo testo. Quello che hai scritto è ancora qui, non salvato; il suo è l’ultima versione.',
  );
  await expect(second.summary).toHaveValue('Il sommario del secondo redattore.');
  const stored = await second.page.request.get(`/api/cms/documents/course/it-IT/${COURSE}`, { headers: apiHeaders() });
  expect(((await stored.json()) as { outcome: { draft: { fields: { summary: string } } } }).outcome.draft.fields.summary).toBe(
    'Il sommario della prima redattrice.',
  );

  // The other text replaces the typed one only once the editor confirms.
  await second.editing.getByRole('button', { name: 'Carica l’ultima versione' }).click();
  const dialog = second.page.getByRole('dialog');
  await expect(dialog).toContainText('L’ultima versione sostituirà nel modulo il testo che hai scritto e non hai salvato.');
  await dialog.getByRole('button', { name: 'Carica l’ultima versione' }).click();
  await expect(second.summary).toHaveValue('Il sommario della prima redattrice.');
  await expect(second.editing.getByRole('alert')).toHaveCount(0);
  // The button pressed is gone: the keyboard carries on inside the editor, not from the top of the page.
  await expect.poll(() => second.editing.evaluate((editor) => editor.contains(document.activeElement))).toBe(true);

  // On the latest version the second editor saves, and saves again on what that save answered.
  for (const summary of ['Il sommario, rivisto dal secondo redattore.', 'Il sommario, rivisto ancora.']) {
    await second.summary.fill(summary);
    await second.editing.getByRole('button', { name: 'Salva bozza' }).click();
    await expect(second.editing.getByRole('status')).toHaveText('Bozza salvata. I visitatori la vedranno dopo la pubblicazione.');
    await expect(second.editing.getByRole('alert')).toHaveCount(0);
  }
  await first.context.close();
  await second.context.close();
});

test('deleting a draft a colleague saved over meanwhile is refused: the editor is told, keeps what is on screen, and the colleague’s draft stays', async ({
  browser,
  baseURL,
}) => {
  const open = () => openCourseTexts(browser, baseURL);
  const first = await open();
  const save = async (summary: string) => {
    await first.summary.fill(summary);
    await first.editing.getByRole('button', { name: 'Salva bozza' }).click();
    await expect(first.editing.getByRole('status')).toHaveText('Bozza salvata. I visitatori la vedranno dopo la pubblicazione.');
  };
  await save('La prima bozza.');
  // The second editor opens the draft, then the first saves over it.
  const second = await open();
  await expect(second.summary).toHaveValue('La prima bozza.');
  await save('La bozza rivista dalla prima redattrice.');

  await second.editing.getByRole('button', { name: 'Elimina la bozza' }).click();
  // Nothing was being saved: the notice says nothing changed, not that a save was refused.
  await expect(second.editing.getByRole('alert')).toHaveText(
    'Qualcun altro ha salvato questo contenuto dopo che l’hai aperto: non è stato cambiato nulla, per non sostituire il suo testo. Quello che vedi qui è rimasto com’era; il suo è l’ultima versione.',
  );
  await expect(second.summary).toHaveValue('La prima bozza.');
  const stored = await second.page.request.get(`/api/cms/documents/course/it-IT/${COURSE}`, { headers: apiHeaders() });
  expect(((await stored.json()) as { outcome: { draft: { fields: { summary: string } } } }).outcome.draft.fields.summary).toBe(
    'La bozza rivista dalla prima redattrice.',
  );
  await first.context.close();
  await second.context.close();
});

test('two editors rename the same session in the structure: the second is told, keeps the typed title, and the first one’s title stays', async ({
  browser,
  baseURL,
}) => {
  const open = async () => {
    const opened = await openCourseTexts(browser, baseURL);
    const outline = opened.page.getByTestId(`cms-outline-${COURSE}`);
    const title = outline.getByRole('textbox', { name: 'Titolo della sessione 1' }).first();
    return { ...opened, outline, title };
  };
  const first = await open();
  const second = await open();
  const loaded = await first.title.inputValue();

  await first.title.fill('Preparare il colloquio');
  await first.outline.getByRole('button', { name: 'Salva la struttura (bozza)' }).click();
  await expect(first.outline.getByTestId('cms-outline-status')).toHaveText('Bozza salvata. I visitatori la vedranno dopo la pubblicazione.');

  // The structure itself is as the second editor loaded it: only the title meets the colleague's.
  await expect(second.title).toHaveValue(loaded);
  await second.title.fill('Il setting del colloquio');
  await second.outline.getByRole('button', { name: 'Salva la struttura (bozza)' }).click();
  await expect(second.outline.getByRole('alert')).toHaveText(
    'Qualcun altro ha salvato questo contenuto dopo che l’hai aperto: il tuo salvataggio non è stato registrato, per non sovrascrivere il suo testo. Quello che hai scritto è ancora qui, non salvato; il suo è l’ultima versione.',
  );
  await expect(second.title).toHaveValue('Il setting del colloquio');
  const stored = await second.page.request.get(`/api/cms/documents/session/it-IT/${COURSE}.1.1`, { headers: apiHeaders() });
  expect(((await stored.json()) as { outcome: { draft: { fields: { title: string } } } }).outcome.draft.fields.title).toBe('Preparare il colloquio');

  // Once the latest version is loaded, the second editor's title saves over the first one's, seen.
  await second.outline.getByRole('button', { name: 'Carica l’ultima versione' }).click();
  await second.page.getByRole('dialog').getByRole('button', { name: 'Carica l’ultima versione' }).click();
  await expect(second.title).toHaveValue('Preparare il colloquio');
  await second.title.fill('Il setting del colloquio');
  await second.outline.getByRole('button', { name: 'Salva la struttura (bozza)' }).click();
  await expect(second.outline.getByTestId('cms-outline-status')).toHaveText('Bozza salvata. I visitatori la vedranno dopo la pubblicazione.');
  await first.context.close();
  await second.context.close();
});

test("staff who do not edit content see no editing link and get the 404 of a page that does not exist at a course's editing screen", async ({ page }) => {
  await signIn(page, { code: 'segreteria.demo', password: 'Segreteria-Demo-2026!' });
  await page.goto('/it-IT/staff/courses');
  await expect(page.getByTestId('staff-course-row').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /^Modifica/ })).toHaveCount(0);
  const response = await page.goto(EDIT);
  expect(response?.status()).toBe(404);
});

test('removing a session learners completed, or withdrawing their course, asks in a dialog first; Escape keeps everything as it was', async ({ page }) => {
  await signIn(page, EDITOR);
  await page.goto('/it-IT/staff/courses/prevenzione-ica/edit');
  await islandsReady(page);
  const structure = page.getByTestId('cms-outline-prevenzione-ica');
  const title = structure.getByRole('textbox', { name: 'Titolo della sessione 2' }).first();
  await expect(title).toHaveValue('Frizione alcolica e lavaggio con acqua e sapone');
  const remove = structure.getByRole('button', { name: 'Elimina la sessione Frizione alcolica e lavaggio con acqua e sapone' });
  await remove.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(/^Discenti che hanno già completato questa parte del corso: \d+\. Eliminarla\?/);
  await expect(dialog.getByRole('button', { name: 'Annulla' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();
  await expect(title).toHaveValue('Frizione alcolica e lavaggio con acqua e sapone');

  await remove.click();
  await dialog.getByRole('button', { name: 'Elimina' }).click();
  await expect(structure.getByRole('button', { name: 'Elimina la sessione Frizione alcolica e lavaggio con acqua e sapone' })).toHaveCount(0);

  const withdrawn = structure.getByLabel('Ritirato dal catalogo');
  // Ticking it opens the question; the box is ticked only once the editor says so.
  await withdrawn.click();
  await expect(dialog).toContainText(/^Discenti che hanno completato sessioni di questo corso: \d+\. Ritirarlo dal catalogo\?/);
  await dialog.getByRole('button', { name: 'Ritira il corso' }).click();
  await expect(withdrawn).toBeChecked();

  // Nothing was saved: the structure comes back as published.
  await structure.getByRole('button', { name: 'Annulla le modifiche' }).click();
  await expect(withdrawn).not.toBeChecked();
  await expect(structure.getByRole('button', { name: 'Elimina la sessione Frizione alcolica e lavaggio con acqua e sapone' })).toHaveCount(1);
});

test('a drafted text of a published session previews in place in CMS and tester mode; a learner reads the published one', async ({ page, browser }) => {
  const drafted = 'Testo in bozza, visibile solo a chi prepara il corso.';
  await signIn(page, EDITOR);
  await switchMode(page, 'Redazione (CMS)');
  await page.goto(EDIT);
  await islandsReady(page);
  await page.getByRole('button', { name: 'Scrivi il contenuto «Preparazione e percezione»' }).click();
  const session = page.getByTestId(`cms-editor-session-${COURSE}.1.1`);
  const text = session.getByRole('textbox', { name: 'Testo della pagina', exact: true });
  await text.fill(drafted);
  // Pasted from Word: its list paragraphs become a list (nested by level), its styles go.
  await text.press('Control+End');
  await pasteHtml(text, WORD_LIST);
  // An image and a PDF from the media library, each with the words that stand for it.
  const tools = session.getByRole('toolbar', { name: 'Formattazione del testo' });
  await tools.getByRole('button', { name: 'Immagine' }).click();
  const dialog = page.getByTestId('rich-dialog');
  await dialog.getByRole('button', { name: 'Inserisci' }).click();
  await expect(dialog.getByRole('alert')).toHaveText("Scegli o carica un'immagine.");
  const pick = async (name: string) => {
    const library = dialog.getByLabel("Scegli dall'archivio");
    await library.selectOption((await library.locator('option', { hasText: name }).first().getAttribute('value')) ?? '');
  };
  await pick('lezione-introduzione.jpg');
  await dialog.getByLabel("Testo alternativo (cosa mostra l'immagine)").fill('Medico e paziente seduti allo stesso tavolo');
  await dialog.getByRole('button', { name: 'Inserisci' }).click();
  await expect(dialog).toHaveCount(0);
  await tools.getByRole('button', { name: 'File', exact: true }).click();
  await pick('comunicare-cattive-notizie-2-2.pdf');
  await expect(dialog.getByLabel('Testo del collegamento')).not.toHaveValue('');
  await dialog.getByLabel('Testo del collegamento').fill('Il protocollo SPIKES (PDF)');
  await dialog.getByRole('button', { name: 'Inserisci' }).click();
  await session.getByRole('button', { name: 'Salva bozza' }).click();
  await expect(session.getByRole('status')).toHaveText('Bozza salvata. I visitatori la vedranno dopo la pubblicazione.');

  const sessionPage = `/it-IT/course/session/${COURSE}/1/1`;
  await page.goto(sessionPage);
  // The player shows it (the panel's own editor, open beside it, holds the same words).
  const preview = page.getByRole('region', { name: 'Testo' });
  await expect(preview.getByText(drafted)).toBeVisible();
  await expect(preview.locator('ul > li > ul > li')).toHaveText('Ascolta le parole che usa');
  await expect(preview.locator('ul > li').first()).toContainText('Chiedi che cosa sa già');
  await expect(preview.locator('strong')).toHaveText('Poi');
  expect(await preview.innerHTML()).not.toMatch(/style=|mso-|font-family/);
  await expect(preview.getByRole('img', { name: 'Medico e paziente seduti allo stesso tavolo' })).toHaveAttribute('src', /^\/media\//);
  await expect(preview.getByRole('link', { name: 'Il protocollo SPIKES (PDF)' })).toHaveAttribute('href', /^\/media\/.*\.pdf$/);
  const tester = await browser.newPage();
  await signIn(tester, TESTER);
  await switchMode(tester, 'Collaudo');
  await tester.goto(sessionPage);
  await expect(tester.getByRole('region', { name: 'Testo' }).getByText(drafted)).toBeVisible();
  const learner = await browser.newPage();
  await signIn(learner, LEARNER);
  await learner.goto(sessionPage);
  await islandsReady(learner);
  await expect(learner.getByRole('heading', { level: 1 })).toHaveText('Preparazione e percezione');
  await expect(learner.getByText(drafted)).toHaveCount(0);

  // Dropped again: the publish journeys count this server's drafts.
  await page.goto(EDIT);
  await islandsReady(page);
  await page.getByRole('button', { name: 'Scrivi il contenuto «Preparazione e percezione»' }).click();
  // The editor holds the draft once it has loaded it: dropping it before would drop nothing.
  await expect(text).toContainText(drafted);
  await session.getByRole('button', { name: 'Elimina la bozza' }).click();
  await expect(session.getByRole('status')).toHaveText('Bozza eliminata: resta il testo pubblicato.');
});

test("a published course's drafted structure previews in place in CMS and tester mode; a learner sees the published one", async ({ page, browser }) => {
  await signIn(page, EDITOR);
  // A colleague drafted a new session at the end of the first module (through the same calls the structure editor makes).
  const outlinePath = `/api/cms/documents/outline/it-IT/${COURSE}`;
  const outline = (await (await page.request.get(outlinePath, { headers: apiHeaders() })).json()).outcome.live;
  outline.modules[0].sessions.push({ number: 99, kind: 'text', duration: '0h 5m 0s', media: null, poster: null, captions: {} });
  expect((await page.request.put(outlinePath, { headers: apiHeaders(), data: outline })).status()).toBe(200);
  const sessionPath = `/api/cms/documents/session/it-IT/${COURSE}.1.99`;
  expect(
    (await page.request.put(sessionPath, { headers: apiHeaders(), data: { title: 'Domande difficili', body: { type: 'doc', content: [] } } })).status(),
  ).toBe(200);

  await switchMode(page, 'Redazione (CMS)');
  await page.goto(`/it-IT/course/${COURSE}`);
  await expect(page.getByTestId('course-draft')).toHaveText(/^Anteprima della bozza: la struttura di questo corso ha modifiche non ancora pubblicate/);
  await expect(page.getByRole('link', { name: 'Domande difficili' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Preparazione e percezione' })).toBeVisible();

  const tester = await (await browser.newContext()).newPage();
  await signIn(tester, TESTER);
  await switchMode(tester, 'Collaudo');
  await tester.goto(`/it-IT/course/${COURSE}`);
  await tester.getByRole('link', { name: 'Domande difficili' }).click();
  await expect(tester.getByRole('heading', { level: 1 })).toHaveText('Domande difficili');
  await expect(tester.getByTestId('session-preview')).toBeVisible();

  const learner = await (await browser.newContext()).newPage();
  await signIn(learner, LEARNER);
  await learner.goto(`/it-IT/course/${COURSE}`);
  await expect(learner.getByRole('link', { name: 'Preparazione e percezione' })).toBeVisible();
  await expect(learner.getByRole('link', { name: 'Domande difficili' })).toHaveCount(0);
  await expect(learner.getByTestId('course-draft')).toHaveCount(0);
});
