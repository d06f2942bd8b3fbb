import { readFile } from 'node:fs/promises';
import { appPort, expect, test, type Browser, type Page } from './fixtures.ts';
import { waitForMail } from './mailbox.ts';

// Data rights, a federated account's once-only ECM question and staff replies to support
// requests, at 1280 and 390 px. Each run has people of its own: cohort learners of the demo
// (password Corsista-Demo-2026!) no other journey uses, and provider accounts named per width.

const IDP = process.env.E2E_OIDC_PORT ?? '4398';
const STAFF = { code: 'segreteria.demo', password: 'Segreteria-Demo-2026!' };
const LEARNERS: Record<number, string> = { 1280: 'matteo.bruno', 390: 'giorgia.gallo' };
const COHORT_PASSWORD = 'Corsista-Demo-2026!';

let addresses = 0;
async function person(browser: Browser, width: number, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    javaScriptEnabled,
    acceptDownloads: true,
    extraHTTPHeaders: { 'cf-connecting-ip': `198.18.${width % 256}.${++addresses}` },
  });
  return context.newPage();
}

/** The plain sign-in form (it works without scripts too). */
async function signIn(page: Page, code: string, password: string) {
  await page.goto('/tiles-access');
  await page.getByLabel('Codice utente').fill(code);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
}

/** The page fits the window; when it does not, the message names what sticks out. */
async function fitsWidth(page: Page) {
  const { scrollWidth, wide } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    wide: [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5 && !element.closest('.table-scroll'))
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
  }));
  expect(scrollWidth, wide.join(', ')).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

/** Drives the provider's own pages: its development login accepts any account name. */
async function signInAtProvider(page: Page, account: string) {
  await page.goto('/federated/medikey');
  await page.waitForURL(new RegExp(`localhost:${IDP}/interaction/`));
  await page.locator('input[name="login"]').fill(account);
  const password = page.locator('input[name="password"]');
  if (await password.count()) await password.fill('any-password');
  const login = page.url();
  await page.locator('button[type="submit"]').first().click();
  // The provider asks for consent the first time an account meets the client (a page of its own at another address).
  await page.waitForURL((url) => url.href !== login);
  if (new URL(page.url()).port === IDP) await page.locator('button[type="submit"]').first().click();
  await page.waitForURL((url) => url.port === appPort());
}

for (const width of [1280, 390]) {
  test(`${width} px: a learner reads and downloads their data, then deletes the account after reading what is kept`, async ({ browser }) => {
    const code = LEARNERS[width]!;
    const page = await person(browser, width);
    await signIn(page, code, COHORT_PASSWORD);
    await page.waitForURL(/\/it-IT\/profile$/);
    await page.getByRole('link', { name: 'I tuoi dati' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'I tuoi dati' })).toBeVisible();
    await fitsWidth(page);

    // The printable page: who they are and what they did, in Italian.
    await page.getByTestId('my-data-view').click();
    await expect(page.getByTestId('my-data-account')).toContainText(code);
    await expect(page.getByTestId('my-data-account')).toContainText(`${code}@example.it`);
    await expect(page.getByTestId('my-data-progress').getByRole('row')).not.toHaveCount(0);
    // This very sign-in, still open.
    await expect(page.getByTestId('my-data-sign-ins')).toContainText('valido fino al');
    await fitsWidth(page);
    await page.getByRole('link', { name: 'Torna a «I tuoi dati»' }).click();

    // The JSON file, as a download.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('my-data-json').click()]);
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile(await download.path(), 'utf8'));
    expect(data.account.code).toBe(code);
    expect(data.progress.length).toBeGreaterThan(0);
    // Each course by its own title: as many titles as courses, in every list that names them.
    for (const list of [data.enrolments, data.progress, data.trackedTime.courses] as { courseId: string; course: string }[][]) {
      const titles = new Map(list.map((row) => [row.courseId, row.course]));
      expect(new Set(titles.values()).size).toBe(titles.size);
    }

    // What goes and what stays is said before anything is confirmed.
    await expect(page.getByTestId('my-data-kept')).toContainText('gli attestati ECM già rilasciati');
    // Truthfully: the certificates keep the name and codice fiscale, the rest only an internal identifier.
    // With what they were issued on: the inspection files show it once the learning time is erased.
    await expect(page.getByTestId('my-data-kept')).toContainText('il tempo di studio tracciato e le sessioni completate al momento del rilascio');
    await expect(page.getByTestId('my-data-kept')).toContainText('Restano con il tuo nome e il tuo codice fiscale');
    await expect(page.getByTestId('my-data-kept')).toContainText('identificativo interno senza nome né contatti');
    await page.getByLabel('Password attuale').fill('not-my-password');
    await page.getByTestId('delete-submit').click();
    await expect(page.getByTestId('delete-error')).toHaveText('La password attuale non è corretta.');
    await page.getByLabel('Password attuale').fill(COHORT_PASSWORD);
    await page.getByTestId('delete-submit').click();
    await page.waitForURL(/\/it-IT\/account-deleted$/);
    await expect(page.getByTestId('account-deleted')).toContainText('Il tuo account è stato eliminato');
    await expect(page.getByTestId('account-deleted')).toContainText('con nome, cognome e codice fiscale così come sono stati emessi');
    await fitsWidth(page);

    // Gone: the profile sends the visitor home, and the account cannot sign in again.
    await page.goto('/it-IT/profile');
    await expect(page).toHaveURL(/\/it-IT$/);
    await signIn(page, code, COHORT_PASSWORD);
    await expect(page.getByTestId('sign-in-error')).toContainText('non corretti');
  });

  test(`${width} px: a new federated account is asked once for what ECM needs; "later" asks again, an answer never`, async ({ browser }) => {
    const account = `fed-e2e-details-${width}`;
    const first = await person(browser, width);
    await signInAtProvider(first, account);
    await expect(first).toHaveURL(/\/it-IT\/profile\/ecm-details\?returnTo=%2Fit-IT%2Fprofile$/);
    await expect(first.getByRole('heading', { level: 1 })).toHaveText("Ancora un passo: i dati per l'ECM");
    await fitsWidth(first);
    await first.getByTestId('ecm-details-later').click();
    await first.waitForURL(/\/it-IT\/profile$/);

    // The next sign-in asks again; a wrong codice fiscale is refused with its message, the gender kept.
    const second = await person(browser, width);
    await signInAtProvider(second, account);
    await expect(second).toHaveURL(/\/it-IT\/profile\/ecm-details/);
    await second.getByLabel('Femminile').check();
    // Federica Medici's own code, one per width (a codice fiscale is one account's): first with a wrong check character.
    const fiscalCode = width === 1280 ? 'MDCFRC80A41H501H' : 'MDCFRC80A42H501M';
    await second.getByLabel('Codice fiscale').fill(`${fiscalCode.slice(0, 15)}X`);
    await second.getByLabel('Professione e disciplina').selectOption({ index: 1 });
    await second.getByTestId('ecm-details-save').click();
    await expect(second.getByTestId('ecm-details-error')).toBeVisible();
    await expect(second.locator('#details-fiscal-code-error')).not.toBeEmpty();
    await expect(second.getByLabel('Femminile')).toBeChecked();
    await second.getByLabel('Codice fiscale').fill(fiscalCode);
    await second.getByTestId('ecm-details-save').click();
    await second.waitForURL(/\/it-IT\/profile$/);

    // Answered: never asked again.
    const third = await person(browser, width);
    await signInAtProvider(third, account);
    await expect(third).toHaveURL(/\/it-IT\/profile$/);
    const user = await third.request.get('/api/auth/user', { headers: { 'tiles-site-id': 'tiles-demo', 'tiles-locale-code': 'it-IT' } });
    expect(((await user.json()) as { outcome: { fields: { gender: string } } }).outcome.fields.gender).toBe('f');
  });

  test(`${width} px: staff answer a support request by e-mail from the staff area, without scripts, and close it`, async ({ browser, request }) => {
    const sender = `supporto.${width}.${Date.now()}@example.it`;
    const visitor = await person(browser, width, false);
    await visitor.goto('/it-IT/assistenza');
    const form = visitor.locator('#support-form');
    await form.getByLabel('Nome e cognome').fill('Lucia Ferri');
    await form.getByLabel('E-mail').fill(sender);
    await form.getByLabel('Messaggio').fill('Il video della sessione 2 non parte.');
    await form.getByRole('button', { name: 'Invia richiesta' }).click();
    await visitor.waitForURL(/\/it-IT\/assistenza\/inviata\?n=\d+$/);
    const id = new URL(visitor.url()).searchParams.get('n');

    const staff = await person(browser, width, false);
    await signIn(staff, STAFF.code, STAFF.password);
    await staff.waitForURL(/\/it-IT\/profile$/);
    await staff.goto('/it-IT/staff/support?status=open');
    await fitsWidth(staff);
    await staff.getByRole('link', { name: `Richiesta n. ${id}`, exact: true }).click();
    await expect(staff.getByTestId('support-message')).toHaveText('Il video della sessione 2 non parte.');
    await expect(staff.getByTestId('support-request-status')).toHaveText('Aperta');
    await fitsWidth(staff);
    await staff.getByLabel('Risposta', { exact: true }).fill('Buongiorno,\nabbiamo sistemato il video: riprovi ora.');
    await staff.getByLabel('Chiudi la richiesta dopo la risposta').check();
    await staff.getByRole('button', { name: 'Invia la risposta' }).click();
    await expect(staff.getByTestId('staff-done')).toHaveText('Risposta inviata per e-mail.');
    await expect(staff.getByTestId('support-request-status')).toHaveText('Chiusa');
    await expect(staff.getByTestId('support-replies')).toContainText('abbiamo sistemato il video');
    await expect(staff.getByTestId('support-reply-form')).toHaveCount(0);

    const [mail] = await waitForMail(request, sender);
    expect(mail?.subject).toContain(`risposta alla tua richiesta n. ${id}`);
    // The reply's line break as typed (the form posts it as CRLF).
    expect(mail?.text).toMatch(/Buongiorno,\r?\nabbiamo sistemato il video: riprovi ora\./);
    expect(mail?.text).toContain('Avevi scritto: «Il video della sessione 2 non parte.»');

    // Closed: it takes no reply until reopened.
    await staff.getByTestId('support-reopen').click();
    await expect(staff.getByTestId('staff-done')).toHaveText('Richiesta riaperta.');
    await expect(staff.getByTestId('support-request-status')).toHaveText('Risposta inviata');
  });
}
