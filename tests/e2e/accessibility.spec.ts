import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from './fixtures.ts';
import { EDITOR, signIn, switchMode } from './helpers.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function seriousViolations(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.waitForLoadState('load');
  return violationsNow(page, path);
}

/** The serious violations of the page as it is now (a dialog open, an editor in use), named by `what`. */
async function violationsNow(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${what}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}

/** Tabs analysing at once: the analysis is the browser's work, and the server answers meanwhile. */
const TABS = 3;

/** Every path's serious violations, analysed in a few tabs of one context (one person's cookies) side by side. */
async function violationsAcross(context: BrowserContext, paths: readonly string[]): Promise<string[]> {
  const queue = [...paths];
  const found: string[][] = [];
  await Promise.all(
    Array.from({ length: Math.min(TABS, paths.length) }, async () => {
      const page = await context.newPage();
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) found.push(await seriousViolations(page, path));
      await page.close();
    }),
  );
  return found.flat().sort();
}

test('public page templates have no serious accessibility violations, in it-IT and en-US', async ({ context }) => {
  // Many pages, each analysed in full: more than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  const paths = ['it-IT', 'en-US'].flatMap((locale) =>
    [
      '',
      '/catalogo-corsi',
      '/catalogo-corsi-no-ecm',
      '/privacy',
      '/assistenza',
      '/account-deleted',
      '/pf/percorso-infermieri',
      '/repository/linee-guida',
      '/course/prevenzione-ica',
      '/course/prevenzione-cadute',
      '/pagina-inesistente',
    ].map((path) => `/${locale}${path}`),
  );
  paths.push(
    '/tiles-access',
    '/it-IT/password/forgot',
    '/en-US/password/reset?t=not-a-link-that-exists-0123456789',
    '/it-IT/email/confirm?t=not-a-link-that-exists-0123456789',
  );
  expect(await violationsAcross(context, paths)).toEqual([]);
});

test('signed-in page templates have no serious accessibility violations', async ({ page }) => {
  // Many pages, each analysed in full: more than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  await signIn(page);
  const found = await violationsAcross(page.context(), [
    '/it-IT/profile',
    '/it-IT/profile/user-data',
    '/it-IT/profile/password',
    '/it-IT/profile/user-courses',
    '/it-IT/profile/user-archive',
    '/it-IT/profile/user-progress',
    '/it-IT/profile/my-data',
    '/it-IT/profile/my-data/view',
    '/it-IT/profile/ecm-details',
    '/it-IT/course/triage-pronto-soccorso',
    // A lesson written as a document: a list, a table in its scrolling region, a link.
    '/it-IT/course/session/deterioramento-clinico-news2/1/1',
    '/en-US/profile/user-progress',
  ]);
  expect(found).toEqual([]);
});

test('staff pages and a course that does not let the learner in have no serious accessibility violations, at 1280 and 390 px', async ({ browser }) => {
  // Many pages, each analysed in full: more than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  const found: string[] = [];
  for (const width of [1280, 390]) {
    const staff = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await signIn(staff, { code: 'segreteria.demo', password: 'Segreteria-Demo-2026!' });
    found.push(
      ...(await violationsAcross(staff.context(), [
        '/it-IT/staff/people',
        '/it-IT/staff/people?q=ferr&status=active',
        '/it-IT/staff/people?q=nessuno-con-questo-nome',
        '/it-IT/staff/people/u-corsista-1',
        // Deleting a person asks first (nothing is deleted until its button is pressed); the list says when it is done.
        '/it-IT/staff/people/u-corsista-1?ask=erase',
        '/it-IT/staff/people?done=deleted',
        '/it-IT/staff/courses',
        '/it-IT/staff/courses/movimentazione-pazienti',
        '/en-US/staff/people',
        '/it-IT/staff/support',
        '/de-DE/staff/support?status=closed',
      ])),
    );
    // A cohort learner the demo did not enrol: the summary and the course key's form.
    const outsider = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await signIn(outsider, { code: 'noemi.coppola', password: 'Corsista-Demo-2026!' });
    found.push(...(await seriousViolations(outsider, '/it-IT/course/movimentazione-pazienti')));
  }
  expect(found).toEqual([]);
});

test('the staff pages that add people and set registration, and the invitation page, have no serious accessibility violations, at 1280 and 390 px', async ({
  browser,
}) => {
  const found: string[] = [];
  for (const width of [1280, 390]) {
    const staff = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await signIn(staff, { code: 'segreteria.demo', password: 'Segreteria-Demo-2026!' });
    found.push(
      ...(await violationsAcross(staff.context(), [
        '/it-IT/staff/people/new',
        '/it-IT/staff/people/import',
        '/de-DE/staff/people/import',
        '/it-IT/staff/settings',
      ])),
    );
    const visitor = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    found.push(...(await seriousViolations(visitor, '/it-IT/invitation?t=not-a-link-that-exists-0123456789')));
  }
  expect(found).toEqual([]);
});

test('the ECM inspection page has no serious accessibility violations, at 1280 and 390 px', async ({ browser }) => {
  const found: string[] = [];
  for (const width of [1280, 390]) {
    // The accrediting body's inspector: the course chooser, the downloads, the questionnaire's charts and tables.
    const auditor = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await signIn(auditor, { code: 'ispettore.demo', password: 'Ispettore-Demo-2026!' });
    found.push(...(await seriousViolations(auditor, '/it-IT/ispezione-ecm?corso=bls-d-adulto')));
  }
  expect(found).toEqual([]);
});

test('a support request as staff read and answer it has no serious accessibility violations, at 1280 and 390 px', async ({ browser }) => {
  const visitor = await (await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { 'cf-connecting-ip': '198.18.200.1' } })).newPage();
  await visitor.goto('/it-IT/assistenza');
  await visitor.locator('#support-form').getByLabel('Nome e cognome').fill('Lucia Ferri');
  await visitor.locator('#support-form').getByLabel('E-mail').fill('lucia.ferri@example.it');
  await visitor.locator('#support-form').getByLabel('Messaggio').fill('Il video della sessione non parte.');
  await visitor.getByRole('button', { name: 'Invia richiesta' }).click();
  await visitor.waitForURL(/inviata\?n=\d+$/);
  const id = new URL(visitor.url()).searchParams.get('n');
  const found: string[] = [];
  for (const width of [1280, 390]) {
    const staff = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await signIn(staff, { code: 'segreteria.demo', password: 'Segreteria-Demo-2026!' });
    found.push(...(await seriousViolations(staff, `/it-IT/staff/support/${id}`)));
  }
  expect(found).toEqual([]);
});

test("the CMS panel and a course's editing screen have no serious accessibility violations, and the panel works from the keyboard", async ({ page }) => {
  await signIn(page, EDITOR);
  await switchMode(page, 'Redazione (CMS)');
  const found: string[] = [];
  for (const path of ['/it-IT/privacy', '/en-US/course/triage-pronto-soccorso', '/it-IT/catalogo-corsi/emergenza-urgenza']) {
    await page.goto(path);
    await expect(page.getByTestId('cms-panel').locator('form').first()).toBeVisible();
    found.push(...(await seriousViolations(page, path)));
  }
  // A course's editing screen: no panel over it, the structure beside the editor.
  found.push(...(await seriousViolations(page, '/it-IT/staff/courses/prevenzione-ica/edit')));
  // Its lesson editor, with a table in the text, then with its link dialog open.
  await page
    .getByRole('button', { name: /^Scrivi il contenuto/ })
    .first()
    .click();
  const text = page.getByRole('textbox', { name: 'Testo della pagina', exact: true });
  const tools = page.getByRole('toolbar', { name: 'Formattazione del testo' });
  await text.click();
  await tools.getByRole('button', { name: 'Tabella' }).click();
  found.push(...(await violationsNow(page, 'lesson editor')));
  await tools.getByRole('button', { name: 'Collegamento', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Collegamento' })).toBeVisible();
  found.push(...(await violationsNow(page, 'link dialog')));
  expect(found).toEqual([]);

  // The dialog closes with Escape, back to the text; the toolbar is one tab stop, walked with the arrows.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(text).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(tools.getByRole('button', { name: 'Titolo di sezione' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tools.getByRole('button', { name: 'Sottotitolo' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(tools.getByRole('button', { name: 'Annulla' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(text.locator('table')).toHaveCount(0);

  // Keyboard only: from the panel's collapse button, Tab reaches the first field.
  await page.goto('/it-IT/privacy');
  const collapse = page.getByRole('button', { name: 'Riduci il pannello' });
  await collapse.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Apri il pannello' })).toBeFocused();
  await page.keyboard.press('Enter');
  // The reopened panel renders its editor before the keyboard moves on, as a person waits to see it.
  await expect(page.getByRole('button', { name: 'Riduci il pannello' })).toBeFocused();
  await expect(page.getByTestId('cms-panel').getByLabel('Titolo', { exact: true })).toBeVisible();
  // Publishing comes first (its button, off while a build runs), then the page's editor: its summary, its first field.
  const title = page.getByTestId('cms-panel').getByLabel('Titolo', { exact: true });
  for (let presses = 0; presses < 3 && !(await title.evaluate((element) => element === document.activeElement)); presses += 1) await page.keyboard.press('Tab');
  await expect(title).toBeFocused();
});
