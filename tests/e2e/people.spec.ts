import { expect, test, type Browser, type BrowserContextOptions, type Page } from './fixtures.ts';
import { islandsReady, signIn, TESTER } from './helpers.ts';

// Staff (the demo's secretary, people:manage without content editing) find learners, suspend and
// reactivate them, delete them, enrol them in a course taken by enrolment and read who is where; learners not
// enrolled see the course's summary and enrol with the course key, with and without JavaScript.
// Every journey runs at 1280 and at 390 px, each with learners of its own from the demo cohort
// (password Corsista-Demo-2026!), so the two runs never meet.

const STAFF = { code: 'segreteria.demo', password: 'Segreteria-Demo-2026!' };
const cohort = (code: string) => ({ code, password: 'Corsista-Demo-2026!' });
/** The demo's course taken by enrolment, and the key staff handed out for it. */
const KEYED_COURSE = 'movimentazione-pazienti';
const DEMO_KEY = 'MVPZ-KEYS-2345';
/** A demo course that is open until a journey here takes it by enrolment (and opens it again). */
const OPEN_COURSE = 'comunicare-cattive-notizie';

let addresses = 0;

/** A browser context of its own, from its own client address: failed sign-ins elsewhere never make the bot check due here. */
async function person(browser: Browser, width: number, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    extraHTTPHeaders: { 'cf-connecting-ip': `203.0.113.${++addresses}` },
    ...options,
  });
  return context.newPage();
}

async function staffPage(browser: Browser, width: number): Promise<Page> {
  const page = await person(browser, width);
  await signIn(page, STAFF);
  return page;
}

/** The page fits the window: nothing wider than the viewport but what scrolls inside its own region. */
async function fitsWidth(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

const search = async (page: Page, words: string) => {
  await page.getByLabel('Nome, e-mail, codice utente o codice fiscale').fill(words);
  await page.getByRole('button', { name: 'Cerca', exact: true }).click();
  await page.waitForURL((url) => url.pathname.endsWith('/staff/people') && url.searchParams.get('q') === words);
};
const names = (page: Page) => page.getByTestId('person-row').getByRole('rowheader').getByRole('link');

for (const width of [1280, 390]) {
  const wide = width === 1280;

  test.describe(`at ${width} px`, () => {
    test('staff reach the learners list from their profile and find people by name, e-mail, user code and codice fiscale, page by page', async ({
      browser,
    }) => {
      const page = await staffPage(browser, width);
      await page.goto('/it-IT/profile');
      await page.getByRole('link', { name: 'Segreteria: persone e corsi' }).click();
      await expect(page).toHaveURL(/\/it-IT\/staff\/people$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Persone');
      // The demo's 41 people (and whoever a journey before this one added on this server): pages of 25, in name order.
      await expect(page.getByTestId('people-count')).toHaveText(/^Persone trovate: \d+$/);
      const found = Number((await page.getByTestId('people-count').textContent())?.replace(/\D/g, ''));
      expect(found).toBeGreaterThanOrEqual(41);
      const pages = Math.ceil(found / 25);
      await expect(names(page)).toHaveCount(25);
      await expect(names(page).first()).toHaveText('Barbieri Lorenzo');
      await expect(page.getByTestId('pager')).toContainText(`Pagina 1 di ${pages}`);
      await fitsWidth(page);
      await page.getByTestId('pager').getByRole('link', { name: 'Successiva' }).click();
      await expect(page.getByTestId('pager')).toContainText(`Pagina 2 di ${pages}`);
      await expect(page).toHaveURL(/page=2/);

      await search(page, 'ferr');
      await expect(names(page)).toHaveText(['Ferrara Beatrice', 'Ferrari Anna']);
      // The address holds the search: it can be bookmarked or sent to a colleague.
      expect(new URL(page.url()).searchParams.get('q')).toBe('ferr');
      await search(page, 'chiara.romano@example.it');
      await expect(names(page)).toHaveText(['Romano Chiara']);
      await search(page, 'nicolo.dangelo');
      await expect(names(page)).toHaveText(["D'Angelo Nicolò"]);
      // Without the accent, and by the start of the codice fiscale shown in the row.
      await search(page, 'nicolo');
      const fiscalCode = (await page.getByTestId('person-row').locator('td').first().locator('.muted').textContent()) ?? '';
      expect(fiscalCode).toMatch(/^[A-Z0-9]{16}$/);
      await search(page, fiscalCode.slice(0, 9).toLowerCase());
      await expect(names(page)).toHaveText(["D'Angelo Nicolò"]);
      await search(page, 'nessuno-si-chiama-così');
      await expect(page.getByText('Nessuna persona corrisponde alla ricerca.')).toBeVisible();
      // An address with a longer search than the box takes keeps its first 100 characters, not everyone.
      await page.goto(`/it-IT/staff/people?q=${'nessuno'.repeat(20)}`);
      await expect(page.getByText('Nessuna persona corrisponde alla ricerca.')).toBeVisible();
      await expect(page.getByLabel('Nome, e-mail, codice utente o codice fiscale')).toHaveValue('nessuno'.repeat(20).slice(0, 100));
      // A page past the last leads to the last.
      await page.goto('/it-IT/staff/people?q=ferr&page=999');
      await expect(page).toHaveURL(/\/it-IT\/staff\/people\?q=ferr$/);
      await expect(names(page).first()).toBeVisible();
      // An invisible character pasted with the name is left out, not the whole search.
      await page.goto(`/it-IT/staff/people?q=${encodeURIComponent('nicolo\u200b')}`);
      await expect(names(page)).toHaveText(["D'Angelo Nicolò"]);

      // Filters: a course's learners (enrolled, or started it), and the status.
      await page.getByLabel('Nome, e-mail, codice utente o codice fiscale').fill('');
      await page.getByLabel('Corso').selectOption({ label: 'Movimentazione manuale dei pazienti' });
      await page.getByRole('button', { name: 'Cerca', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('course') === 'movimentazione-pazienti');
      // The demo's eight enrolled by the secretary (and whoever the journeys below enrolled since).
      await expect(names(page).filter({ hasText: 'Ferrari Anna' })).toHaveCount(1);
      await expect(names(page).filter({ hasText: 'Moretti Sara' })).toHaveCount(0);
      await page.getByLabel('Corso').selectOption({ label: 'Tutti i corsi' });
      await page.getByLabel('Stato').selectOption({ label: 'Sospeso' });
      await page.getByRole('button', { name: 'Cerca', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('status') === 'suspended');
      await expect(page.getByLabel('Stato')).toHaveValue('suspended');
      await fitsWidth(page);
    });

    test('staff suspend a learner, whose sessions end at once and who cannot sign in, then reactivate them', async ({ browser }) => {
      const learner = cohort(wide ? 'sara.moretti' : 'laura.caruso');
      const learnerPage = await person(browser, width);
      await signIn(learnerPage, learner);

      const page = await staffPage(browser, width);
      await page.goto('/it-IT/staff/people');
      await search(page, learner.code);
      await names(page).first().click();
      await expect(page.getByTestId('person-status')).toHaveText('Attivo');
      // Their sign-in a moment ago shows as the last one.
      await expect(page.getByTestId('person-last-sign-in')).not.toHaveText('mai');
      await page.getByRole('button', { name: "Sospendi l'account" }).click();
      // Suspending asks first, naming the person; cancelling would change nothing.
      await expect(page.getByTestId('suspend-ask')).toContainText("Sospendere l'account di");
      await page.getByRole('button', { name: "Sì, sospendi l'account" }).click();
      await expect(page.getByTestId('staff-done')).toHaveText('Account sospeso: tutte le sue sessioni sono terminate.');
      await expect(page.getByTestId('person-status')).toHaveText('Sospeso');
      await fitsWidth(page);

      // The learner's open session has ended: the profile sends a visitor home.
      await learnerPage.goto('/it-IT/profile');
      await expect(learnerPage).toHaveURL(/\/it-IT$/);
      await learnerPage.goto('/tiles-access');
      await expect(learnerPage.locator('#sign-in-form[data-ready]')).toHaveCount(1);
      await learnerPage.getByLabel('Codice utente').fill(learner.code);
      await learnerPage.getByLabel('Password').fill(learner.password);
      await learnerPage.getByRole('button', { name: 'Accedi' }).click();
      await expect(learnerPage.getByTestId('sign-in-error')).toHaveText(
        'Questo account è sospeso: non puoi accedere. Per sapere perché e come riattivarlo, rivolgiti al tuo provider di formazione.',
      );
      await expect(learnerPage).toHaveURL(/\/tiles-access/);

      await page.getByRole('button', { name: "Riattiva l'account" }).click();
      await expect(page.getByTestId('staff-done')).toHaveText('Account riattivato.');
      await signIn(learnerPage, learner);
    });

    test('staff delete a learner after a confirmation that says what is erased and what the ECM registry keeps, and are back on the list without them', async ({
      browser,
    }) => {
      // Each run its own learner of the cohort's first eight: enrolled by the secretary, with progress.
      const learner = cohort(wide ? 'francesca.ricci' : 'alessandro.marino');
      const name = wide ? 'Francesca Ricci' : 'Alessandro Marino';
      const learnerPage = await person(browser, width);
      await signIn(learnerPage, learner);

      // The phone run goes without JavaScript: the question and the deletion are plain forms.
      const page = await person(browser, width, { javaScriptEnabled: wide });
      await signIn(page, STAFF);
      await page.goto('/it-IT/staff/people');
      await search(page, learner.code);
      await names(page).first().click();
      await expect(page.getByTestId('person-name')).toHaveText(name);
      const address = new URL(page.url()).pathname;
      await page.getByRole('button', { name: "Elimina l'account", exact: true }).click();
      // It asks first, naming the person, and says what goes and what stays, as the learner's own page does.
      const ask = page.getByTestId('erase-ask');
      await expect(ask).toContainText(`Eliminare definitivamente l'account di ${name}?`);
      await expect(ask).toContainText('le richieste di assistenza mandate dal suo account');
      await expect(page.getByTestId('erase-kept')).toContainText('gli attestati ECM già rilasciati (0)');
      await expect(page.getByTestId('erase-kept')).toContainText('Restano con il suo nome e il suo codice fiscale');
      // Measured once the page has its styles: a loaded machine can show the text before them.
      await page.waitForLoadState('load');
      await fitsWidth(page);
      // Cancelling changes nothing; the confirmation is a plain button, reached and pressed from the keyboard.
      await page.getByRole('link', { name: 'Annulla' }).click();
      await expect(page.getByTestId('erase-ask')).toHaveCount(0);
      await page.getByRole('button', { name: "Elimina l'account", exact: true }).click();
      const confirm = page.getByRole('button', { name: "Sì, elimina definitivamente l'account" });
      await page.waitForLoadState('load');
      await confirm.focus();
      await expect(confirm).toBeFocused();
      await Promise.all([page.waitForURL(/\/it-IT\/staff\/people\?done=deleted$/), page.keyboard.press('Enter')]);
      await expect(page.getByTestId('staff-done')).toHaveText(
        'Account eliminato: i dati personali sono stati cancellati e ogni sessione è stata chiusa. Restano solo gli attestati e i dati che il registro ECM richiede.',
      );
      // A double click posts the confirmation twice: the second lands on the same list and notice, not the 404.
      const again = await page.request.post(address, { form: { action: 'erase' }, headers: { origin: new URL(page.url()).origin } });
      expect(again.status()).toBe(200);
      expect(again.url()).toMatch(/\/it-IT\/staff\/people\?done=deleted$/);
      expect(await again.text()).toContain('Account eliminato: i dati personali sono stati cancellati');
      await search(page, learner.code);
      await expect(page.getByText('Nessuna persona corrisponde alla ricerca.')).toBeVisible();
      // Their old address is the 404 of a page that does not exist.
      expect((await page.goto(address))?.status()).toBe(404);
      await expect(page.getByTestId('error-message')).toHaveText(`Page Not Found: ${address}`);
      // The learner's open session ended with the account.
      await learnerPage.goto('/it-IT/profile');
      await expect(learnerPage).toHaveURL(/\/it-IT$/);
      // Staff's own page offers no deletion: they use their profile's page, as everyone does.
      await page.goto('/it-IT/staff/people/u-segreteria-demo?ask=erase');
      await expect(page.getByTestId('erase-ask')).toHaveCount(0);
      await expect(page.getByTestId('person-erase-own').getByRole('link', { name: 'I tuoi dati' })).toHaveAttribute('href', '/it-IT/profile/my-data');
    });

    test('staff enrol a learner in a course taken by enrolment, who then opens it; their progress shows in the report and its CSV', async ({ browser }) => {
      const learner = cohort(wide ? 'elena.costa' : 'andrea.giordano');
      const learnerPage = await person(browser, width);
      await signIn(learnerPage, learner);
      await learnerPage.goto(`/it-IT/course/${KEYED_COURSE}`);
      // Not enrolled: the summary, and how to get in.
      await expect(learnerPage.getByTestId('course-summary')).toBeVisible();
      await expect(learnerPage.getByTestId('course-entry')).toContainText('Se il tuo provider di formazione ti ha dato la chiave del corso');
      await learnerPage.goto(`/it-IT/course/session/${KEYED_COURSE}/1/1`);
      await expect(learnerPage).toHaveURL(new RegExp(`/it-IT/course/${KEYED_COURSE}$`));

      const page = await staffPage(browser, width);
      await page.goto('/it-IT/staff/courses');
      await expect(page.getByTestId('staff-course-row').filter({ hasText: 'Movimentazione manuale dei pazienti' })).toContainText('Su iscrizione');
      await fitsWidth(page);
      await page.getByRole('link', { name: 'Movimentazione manuale dei pazienti' }).click();
      await expect(page.getByTestId('course-key')).toHaveText(DEMO_KEY);
      const enrol = page.getByTestId('course-enrol-form');
      await enrol.getByLabel('Codice utente o e-mail').fill('nessuno.tale');
      await enrol.getByRole('button', { name: 'Iscrivi' }).click();
      await expect(enrol.getByRole('alert')).toHaveText('Nessuna persona ha il codice utente o l’e-mail «nessuno.tale».');
      await expect(enrol.getByLabel('Codice utente o e-mail')).toHaveAttribute('aria-invalid', 'true');
      await enrol.getByLabel('Codice utente o e-mail').fill(learner.code);
      await enrol.getByRole('button', { name: 'Iscrivi' }).click();
      await expect(page.getByTestId('staff-done')).toHaveText('Iscrizione registrata.');

      await learnerPage.goto(`/it-IT/course/${KEYED_COURSE}`);
      await expect(learnerPage.getByTestId('course-entry')).toHaveCount(0);
      await learnerPage.getByRole('link', { name: 'Inizia il corso' }).click();
      await expect(learnerPage).toHaveURL(new RegExp(`/course/session/${KEYED_COURSE}/1/1$`));
      await islandsReady(learnerPage);
      await learnerPage.getByTestId('complete-session').click();
      await expect(learnerPage.getByTestId('session-completed')).toBeVisible();

      await page.reload();
      const row = page.getByTestId('progress-row').filter({ hasText: learner.code });
      await expect(row.getByTestId('progress-done')).toHaveText('1 di 4');
      await expect(row).toContainText('Iscrizione dalla segreteria il');
      const downloading = page.waitForEvent('download');
      await page.getByTestId('course-csv').click();
      const csv = await (await downloading).path().then(async (path) => (await import('node:fs/promises')).readFile(path, 'utf8'));
      expect(csv.charCodeAt(0)).toBe(0xfeff);
      expect(csv.split('\r\n')[0]).toBe(
        '\uFEFFcodice_utente;nome;cognome;stato;corso;titolo_corso;iscritto_il;iscrizione;sessioni_completate;sessioni_totali;minuti_tracciati;ultima_attivita;ecm_tentativi;ecm_superato;ecm_questionario;ecm_attestato;scorm',
      );
      expect(csv).toMatch(new RegExp(`"${learner.code.replace('.', '\\.')}";[^\\r\\n]*;"segreteria";"1";"4";`));

      // The learner's own page lists the course with the same figures.
      await row.getByRole('rowheader').getByRole('link').click();
      await expect(page.getByTestId('person-name')).toBeVisible();
      await expect(page.getByTestId('progress-row').filter({ hasText: 'Movimentazione manuale dei pazienti' }).getByTestId('progress-done')).toHaveText(
        '1 di 4',
      );
      await fitsWidth(page);
    });

    test('a learner not enrolled sees the summary and enrols with the course key staff made, with JavaScript and without', async ({ browser }) => {
      // Staff take an open course by enrolment and make its key.
      const page = await staffPage(browser, width);
      await page.goto(`/it-IT/staff/courses/${OPEN_COURSE}`);
      await page
        .getByTestId('course-access-form')
        .getByLabel(/^Su iscrizione/)
        .check();
      await page.getByRole('button', { name: "Salva l'accesso" }).click();
      await expect(page.getByTestId('staff-done')).toHaveText('Accesso al corso aggiornato.');
      await page.getByRole('button', { name: 'Crea una chiave' }).click();
      await expect(page.getByTestId('staff-done')).toHaveText('Nuova chiave del corso creata: quella precedente non funziona più.');
      const key = (await page.getByTestId('course-key').textContent()) ?? '';
      expect(key).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);

      try {
        const learner = cohort(wide ? 'alice.rizzo' : 'federico.lombardi');
        const learnerPage = await person(browser, width);
        await signIn(learnerPage, learner);
        await learnerPage.goto(`/it-IT/course/${OPEN_COURSE}`);
        const entry = learnerPage.getByTestId('course-entry');
        await expect(learnerPage.getByTestId('course-summary').getByRole('heading', { level: 1 })).toBeVisible();
        await entry.getByLabel('Chiave del corso').fill('ABCD-EFGH-JKMN');
        await entry.getByRole('button', { name: 'Iscriviti al corso' }).click();
        await expect(entry.getByTestId('course-key-error')).toHaveText('La chiave del corso non è corretta: controllala e riprova.');
        await expect(entry.getByLabel('Chiave del corso')).toHaveAttribute('aria-invalid', 'true');
        // Typed in lower case, without dashes.
        await entry.getByLabel('Chiave del corso').fill(key.replaceAll('-', '').toLowerCase());
        await entry.getByRole('button', { name: 'Iscriviti al corso' }).click();
        await expect(learnerPage.getByRole('link', { name: 'Inizia il corso' })).toBeVisible();
        await fitsWidth(learnerPage);

        // Without JavaScript: the demo course's key, through the plain form.
        const plain = await person(browser, width, { javaScriptEnabled: false });
        const other = cohort(wide ? 'valentina.fontana' : 'riccardo.santoro');
        await plain.goto('/tiles-access');
        await plain.getByLabel('Codice utente').fill(other.code);
        await plain.getByLabel('Password').fill(other.password);
        await plain.getByRole('button', { name: 'Accedi' }).click();
        await plain.waitForURL(/\/it-IT\/profile$/);
        await plain.goto(`/it-IT/course/${KEYED_COURSE}`);
        await plain.getByLabel('Chiave del corso').fill('mvpz keys 2344');
        await plain.getByRole('button', { name: 'Iscriviti al corso' }).click();
        await expect(plain.getByTestId('course-key-error')).toHaveText('La chiave del corso non è corretta: controllala e riprova.');
        await expect(plain.getByLabel('Chiave del corso')).toHaveValue('mvpz keys 2344');
        await plain.getByLabel('Chiave del corso').fill(DEMO_KEY.toLowerCase());
        await plain.getByRole('button', { name: 'Iscriviti al corso' }).click();
        await expect(plain).toHaveURL(new RegExp(`/it-IT/course/${KEYED_COURSE}$`));
        await expect(plain.getByRole('link', { name: 'Inizia il corso' })).toBeVisible();
        await fitsWidth(plain);
      } finally {
        // The course is open again for every other test.
        await page.goto(`/it-IT/staff/courses/${OPEN_COURSE}`);
        await page
          .getByTestId('course-access-form')
          .getByLabel(/^Aperto/)
          .check();
        await page.getByRole('button', { name: "Salva l'accesso" }).click();
        await page.getByRole('button', { name: 'Rimuovi la chiave' }).click();
        await expect(page.getByTestId('staff-done')).toHaveText('Chiave del corso rimossa.');
      }
    });
  });
}

test('learners and testers (no people:manage) get the 404 of a page that does not exist; a visitor is sent to sign in', async ({ browser }) => {
  for (const user of [cohort('giulia.martini'), TESTER]) {
    const page = await person(browser, 1280);
    await signIn(page, user);
    for (const path of ['/it-IT/staff/people', '/it-IT/staff/courses/movimentazione-pazienti']) {
      const response = await page.goto(path);
      expect(response?.status(), `${user.code} ${path}`).toBe(404);
    }
  }
  const visitor = await person(browser, 1280);
  await visitor.goto('/it-IT/staff/people?q=rossi');
  await expect(visitor).toHaveURL(/\/tiles-access\?returnTo=%2Fit-IT%2Fstaff%2Fpeople%3Fq%3Drossi$/);
});

test("a person's page names the roles in the page's language; a refused edit says what is wrong with each field at once, without repeating what was typed", async ({
  browser,
}) => {
  const page = await staffPage(browser, 1280);
  await page.goto('/en-US/staff/people/u-studente-demo');
  await expect(page.locator('dt:text-is("Roles") + dd')).toHaveText('Learner');
  await page.goto('/de-DE/staff/people/u-studente-demo');
  await expect(page.locator('dt:text-is("Rollen") + dd')).toHaveText('Lernende Person');

  // What the form's own checks stop in a browser, sent as any client can.
  await page.goto('/it-IT/staff/people/u-studente-demo');
  const form = page.locator('form.person-edit');
  await form.evaluate((element) =>
    element.querySelectorAll('input').forEach((input) => {
      input.removeAttribute('maxlength');
      if (input.type === 'email') input.type = 'text';
    }),
  );
  await form.getByLabel('Nome', { exact: true }).fill('A'.repeat(81));
  await form.getByLabel('Indirizzo e-mail').fill('non-una-email');
  await form.getByRole('button', { name: 'Salva i dati' }).click();
  const problem = page.getByTestId('staff-problem');
  await expect(problem).toContainText('Il campo «Nome» non è valido: Inserisci al massimo 80 caratteri');
  await expect(problem).toContainText('Il campo «Indirizzo e-mail» non è valido: Inserisci un indirizzo e-mail valido');
  await expect(problem).not.toContainText('AAAA');
  await expect(page.locator('dt:text-is("Ruoli") + dd')).toHaveText('Discente');
});
