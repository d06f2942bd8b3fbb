import { expect, test, type Browser, type Page } from './fixtures.ts';
import { apiHeaders, dropDraftsAsEditor, EDITOR, signIn, switchMode, TESTER } from './helpers.ts';

// The journeys count the server's drafts: each starts from none, whatever ran on this server before
// it, and one that fails half-way leaves none behind for its retry or the next one. In a context of
// its own: the journeys' pages start signed out.
test.beforeEach(({ browser }) => dropDraftsAsEditor(browser));
test.afterEach(({ browser }) => dropDraftsAsEditor(browser));

/** Clicks "Pubblica" and waits for the build to go live; returns the seconds from click to live. */
async function publishAndWait(page: Page): Promise<number> {
  const started = Date.now();
  await page.getByRole('button', { name: 'Pubblica', exact: true }).click();
  const status = page.getByTestId('cms-build-status');
  await expect(status).toHaveAttribute('data-status', /^(queued|building)$/);
  await expect(status).toHaveAttribute('data-status', /^(live|failed)$/, { timeout: 240_000 });
  await expect(status).toContainText(/online/);
  // Seconds as Italian writes them: a decimal comma.
  await expect(status).toContainText(/Durata: \d+,\d s/);
  return (Date.now() - started) / 1000;
}

async function newVisitor(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test('an editor changes the Italian privacy page in place, publishes, watches it go live; visitors see it, English is unchanged, a tester saw the draft first, revert restores it', async ({
  page,
  browser,
}) => {
  test.setTimeout(480_000);
  const visitor = await newVisitor(browser);
  // A description that merely mentions a script is text: it neither runs nor breaks the build.
  const dialogs: string[] = [];
  visitor.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  const scriptText = 'Come trattiamo i dati <script>alert(1)</script> (testo).';
  await visitor.goto('/it-IT/privacy');
  const originalTitle = (await visitor.getByRole('heading', { level: 1 }).textContent()) ?? '';
  expect(originalTitle).not.toBe('');

  await signIn(page, EDITOR);
  await switchMode(page, 'Redazione (CMS)');
  await page.goto('/it-IT/privacy');
  const panel = page.getByTestId('cms-panel');
  await expect(panel.getByRole('heading', { name: 'Redazione: modifica dei contenuti' })).toBeVisible();
  const editor = panel.getByTestId('cms-editor-content-privacy');
  await expect(editor.getByLabel('Titolo', { exact: true })).toHaveValue(originalTitle);

  // Typing previews the change on the page itself, before anything is saved.
  await editor.getByLabel('Titolo', { exact: true }).fill('Informativa sulla privacy (rivista)');
  await editor.getByLabel('Testo del blocco 2').fill('Testo rivisto dalla redazione.');
  await editor.getByLabel('Descrizione', { exact: true }).fill(scriptText);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Informativa sulla privacy (rivista)');
  await expect(page.locator('[data-cms-draft]').first()).toBeVisible();
  await editor.getByRole('button', { name: 'Salva bozza' }).click();
  await expect(editor.getByRole('status')).toHaveText('Bozza salvata. I visitatori la vedranno dopo la pubblicazione.');
  await expect(editor.getByTestId('cms-draft-state')).toContainText('Bozza non pubblicata di Marco Rossi');
  await expect(panel.getByTestId('cms-pending')).toHaveText('Bozze da pubblicare (tutte le lingue): 1');

  // A tester previews the draft; a visitor still gets the published text.
  const tester = await newVisitor(browser);
  await signIn(tester, TESTER);
  await switchMode(tester, 'Collaudo');
  await tester.goto('/it-IT/privacy');
  await expect(tester.getByRole('heading', { level: 1 })).toHaveText('Informativa sulla privacy (rivista)');
  await expect(tester.getByTestId('cms-draft-list')).toContainText('Pagina «Informativa sulla privacy (rivista)»');
  await expect(tester.getByTestId('cms-editor-content-privacy')).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(originalTitle);

  const seconds = await publishAndWait(page);
  console.log(`publish, click to live: ${seconds.toFixed(1)} s`);
  await expect(page.getByTestId('cms-build-status')).toHaveAttribute('data-status', 'live');

  // The visitor's open page finds the new build on its next check and offers a reload.
  await expect(visitor.getByRole('button', { name: 'Ricarica' })).toBeVisible({ timeout: 20_000 });
  await visitor.goto('/it-IT/privacy');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Informativa sulla privacy (rivista)');
  await expect(visitor.getByText('Testo rivisto dalla redazione.')).toBeVisible();
  await expect(visitor.locator('meta[name="description"]')).toHaveAttribute('content', scriptText);
  expect(dialogs).toEqual([]);
  await visitor.goto('/en-US/privacy');
  await expect(visitor.getByRole('heading', { level: 1 })).not.toHaveText(/rivista/);

  // Revert: the text the publish replaced comes back as a draft, and goes live with the next publish.
  await page.reload();
  await editor.getByText(/^Cronologia delle versioni/).click();
  await editor
    .getByRole('button', { name: /^Ripristina la versione del .* \(Testo sostituito\)$/ })
    .first()
    .click();
  await expect(editor.getByRole('status')).toHaveText(/^Versione ripristinata come bozza/);
  await expect(editor.getByLabel('Titolo', { exact: true })).toHaveValue(originalTitle);
  await publishAndWait(page);
  await visitor.goto('/it-IT/privacy');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(originalTitle);
});

test('in CMS mode an editor edits a category and an interface string per locale; bad input is refused with the reason, and a draft can be dropped', async ({
  page,
}) => {
  await signIn(page, EDITOR);
  await switchMode(page, 'Redazione (CMS)');
  await page.goto('/en-US/catalogo-corsi');
  await page.getByRole('navigation', { name: 'Categories' }).getByRole('link').nth(1).click();
  const panel = page.getByTestId('cms-panel');
  await expect(panel).toContainText('Content language: American English');
  const editor = panel.locator('[data-testid^="cms-editor-category-"]');
  await editor.getByLabel('Name').fill('Patient safety (draft)');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Patient safety (draft)');
  await editor.getByRole('button', { name: 'Save draft' }).click();
  await expect(editor.getByRole('status')).toHaveText(/^Draft saved/);
  await expect(panel.getByTestId('cms-pending')).toHaveText('Drafts to publish (all languages): 1');
  await editor.getByRole('button', { name: 'Delete the draft' }).click();
  await expect(editor.getByRole('status')).toHaveText(/^Draft deleted/);
  await expect(page.getByRole('heading', { level: 1 })).not.toContainText('(draft)');
  await expect(panel.getByTestId('cms-pending')).toHaveText('Drafts to publish (all languages): 0');

  // Interface strings: found by key or words; a change must keep the placeholders.
  await page.goto('/it-IT/catalogo-corsi');
  await panel.getByLabel('Cerca un testo (chiave o parole)').fill('catalogue.count');
  await panel.getByRole('button', { name: 'Modifica «catalogue.count»' }).click();
  const string = panel.getByTestId('cms-editor-boilerplate-catalogue.count');
  await expect(string).toContainText('Segnaposto da mantenere: {count}');
  await string.getByLabel('Testo').fill('Tanti corsi');
  await string.getByRole('button', { name: 'Salva bozza' }).click();
  await expect(string.getByRole('alert')).toHaveText(/Il testo deve mantenere i segnaposto del testo pubblicato\. Mancano: \{count\}/);
  await expect(panel.getByTestId('cms-pending')).toHaveText('Bozze da pubblicare (tutte le lingue): 0');
});

test('an editor moves a category up three times in quick succession from the keyboard: every move is saved, none is taken for a colleague’s change', async ({
  page,
}) => {
  await signIn(page, EDITOR);
  await switchMode(page, 'Redazione (CMS)');
  await page.goto('/it-IT/catalogo-corsi');
  const categories = page.getByTestId('cms-panel').getByTestId('cms-categories');
  const names = categories.locator('li > span:first-child');
  await expect(names).not.toHaveCount(0);
  const before = await names.allTextContents();
  const last = before.at(-1) ?? '';
  await categories.getByRole('button', { name: `Sposta su la categoria ${last}` }).focus();
  // Enter pressed three times, each before the previous move's save has answered.
  for (let i = 0; i < 3; i++) await page.keyboard.press('Enter');
  const moved = [...before.slice(0, -4), last, ...before.slice(-4, -1)];
  await expect(names).toHaveText(moved);
  await expect(categories.getByRole('status')).toHaveText('Bozza salvata. I visitatori la vedranno dopo la pubblicazione.');
  await expect(categories.getByRole('alert')).toHaveCount(0);
  await expect(categories.getByRole('button', { name: `Sposta su la categoria ${last}` })).toBeFocused();

  await page.reload();
  await expect(names).toHaveText(moved);
  await expect(categories.getByRole('alert')).toHaveCount(0);
});

test("CMS and tester mode stay out of visitors' and learners' pages: no panel, no editor code", async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
  await page.goto('/it-IT/privacy');
  await page.evaluate(() => sessionStorage.setItem('tiles-mode', 'admin'));
  await page.goto('/it-IT/privacy');
  // A visitor who forges the mode gets the panel's code but no content: every CMS call is refused.
  const panel = page.getByTestId('cms-panel');
  await expect(panel.getByRole('alert')).toContainText('Sessione assente o scaduta');
  await expect(panel.getByRole('textbox')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Torna alla modalità studente' }).click();
  await expect(panel).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('tiles-mode'))).toBeNull();
  scripts.length = 0;
  await page.goto('/it-IT/chi-siamo');
  await expect(page.getByTestId('cms-panel')).toHaveCount(0);
  expect(scripts.filter((url) => /CmsPanel|mount-cms/.test(url))).toEqual([]);
});

test('a learner gets 403 from every CMS call', async ({ page }) => {
  await signIn(page);
  for (const [method, path] of [
    ['GET', '/api/cms/documents/content/it-IT/privacy'],
    ['PUT', '/api/cms/documents/content/it-IT/privacy'],
    ['DELETE', '/api/cms/documents/content/it-IT/privacy'],
    ['GET', '/api/cms/drafts'],
    ['POST', '/api/cms/publish'],
    ['POST', '/api/cms/versions/1/revert'],
    ['GET', '/api/cms/builds'],
    ['GET', '/api/cms/builds/1'],
  ] as const) {
    const response = await page.request.fetch(path, {
      method,
      headers: apiHeaders(),
      data: method === 'PUT' ? { title: 'x', description: '', body: [{ type: 'p', text: 'x' }] } : undefined,
    });
    expect(response.status()).toBe(403);
    expect((await response.json()).message).toMatch(/^Il tuo ruolo non consente questa operazione/);
  }
});
