import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from './fixtures.ts';
import { signIn } from './helpers.ts';
import { linkIn, waitForMail } from './mailbox.ts';

// Staff add people from a CSV file (a check that writes nothing, then the import), enrol them all
// in a course, and one invited person follows the e-mail's link to choose a password and sign in;
// staff suspend another and read the course's report. At 1280 and 390 px, each run with people of
// its own, the forms posted as the pages send them (no script needed). Named to run after
// people.spec.ts, whose journeys count the demo's people.

const STAFF = { code: 'segreteria.demo', password: 'Segreteria-Demo-2026!' };
const COURSE = 'movimentazione-pazienti';
const PASSWORD = 'una password per il reparto 12';
let addresses = 0;

async function person(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, extraHTTPHeaders: { 'cf-connecting-ip': `203.0.113.${200 + ++addresses}` } });
  return context.newPage();
}

async function fitsWidth(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

/** 50 people as an Italian spreadsheet exports them (semicolons, CRLF, accented names), and one row that cannot be imported. */
function peopleCsv(tag: string): { file: Buffer; emails: string[] } {
  const emails = Array.from({ length: 50 }, (_, i) => `imp.${tag}.${i}@example.it`);
  const rows = emails.map((email, i) => `${i % 2 ? 'Niccolò' : 'Loredana'};Importata${tag}${String(i).padStart(2, '0')};${email};`);
  return { file: Buffer.from(['nome;cognome;email;codice_fiscale', ...rows, 'Senza;Indirizzo;;'].join('\r\n'), 'utf8'), emails };
}

async function seriousViolations(page: Page): Promise<string[]> {
  // Sizes are measured on the page as it settles: once loaded and its fonts in place.
  await page.waitForLoadState('load');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}

for (const width of [1280, 390]) {
  test(`staff import 50 people into a course; one sets a password from the invitation and signs in; one is suspended; the report lists them (${width} px)`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const tag = `w${width}t${Date.now().toString(36)}`;
    const { file, emails } = peopleCsv(tag);
    const staff = await person(browser, width);
    await signIn(staff, STAFF);
    await staff.goto('/it-IT/staff/people');
    await staff.getByRole('link', { name: 'Importa persone' }).click();
    await expect(staff.getByRole('heading', { level: 1 })).toHaveText('Importa persone');
    // The documented columns are on the page.
    await expect(staff.getByRole('cell', { name: 'codice_fiscale', exact: true })).toBeVisible();
    await fitsWidth(staff);

    await staff.getByLabel('File CSV delle persone').setInputFiles({ name: 'persone.csv', mimeType: 'text/csv', buffer: file });
    await staff.getByLabel('Iscrivi tutte le persone del file a un corso').selectOption(COURSE);
    await staff.getByRole('button', { name: 'Verifica il file' }).click();
    const report = staff.getByTestId('import-report');
    await expect(report.getByRole('status')).toContainText(
      'Righe lette: 51. Se importi: 50 nuove persone invitate, 0 aggiornate, 0 già presenti saltate, 50 iscritte al corso.',
    );
    await expect(report.getByRole('status')).toContainText('Righe con errori (non verranno scritte): 1. Non è stato scritto nulla.');
    const error = staff.getByTestId('row-errors').getByRole('row').nth(1);
    await expect(error).toHaveText(/^52\s*email\s*Manca il valore di «email»\.$/);
    expect(await seriousViolations(staff)).toEqual([]);
    await fitsWidth(staff);
    await staff.getByRole('button', { name: 'Importa le righe valide' }).click();
    await expect(staff.getByRole('heading', { name: 'Importazione completata' })).toBeVisible();
    await expect(report.getByRole('status')).toContainText(
      'Nuove persone invitate: 50; aggiornate: 0; già presenti saltate: 0; iscritte al corso: 50. Righe con errori, non scritte: 1.',
    );
    await fitsWidth(staff);

    // The invited person reads the invitation in the local mailbox, one e-mail that also names the
    // course, and follows its link.
    const invitee = emails[7]!;
    const mails = await waitForMail(request, invitee);
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringContaining('il tuo account ti aspetta')]);
    const invitation = mails[0];
    expect(invitation?.text).toMatch(/La tua iscrizione al corso «.+» è già registrata: dopo il primo accesso lo trovi in «I miei corsi»\./);
    const learner = await person(browser, width);
    await learner.goto(linkIn(invitation!));
    await expect(learner.getByRole('heading', { level: 1 })).toHaveText('Attiva il tuo account');
    await learner.getByLabel('Nuova password', { exact: true }).fill(PASSWORD);
    await learner.getByLabel('Ripeti la nuova password').fill(PASSWORD);
    await learner.getByRole('button', { name: "Attiva l'account" }).click();
    await expect(learner.getByTestId('invitation-accepted')).toBeVisible();
    await signIn(learner, { code: invitee, password: PASSWORD });
    // Enrolled by the import: the course taken by enrolment opens.
    await learner.goto(`/it-IT/course/${COURSE}`);
    await expect(learner.getByRole('link', { name: 'Inizia il corso' })).toBeVisible();
    await expect(learner.getByTestId('course-entry')).toHaveCount(0);

    // Staff suspend another imported person.
    await staff.goto(`/it-IT/staff/people?${new URLSearchParams({ q: emails[3]! })}`);
    await staff.getByTestId('person-row').getByRole('link').first().click();
    await expect(staff.getByTestId('person-status')).toHaveText(/Invito inviato/);
    await staff.getByTestId('person-account-button').click();
    // Suspending asks first.
    await staff.getByTestId('person-suspend-confirm').click();
    await expect(staff.getByTestId('staff-done')).toHaveText('Account sospeso: tutte le sue sessioni sono terminate.');
    await expect(staff.getByTestId('person-status')).toHaveText(/Sospeso/);
    expect(await seriousViolations(staff)).toEqual([]);

    // The course's report: the imported people among its learners, the one who signed in active, the suspended one suspended.
    await staff.goto(`/it-IT/staff/courses/${COURSE}`);
    await expect(staff.getByTestId('learners-count')).toHaveText(/^Discenti: \d+$/);
    const count = Number((await staff.getByTestId('learners-count').textContent())?.replace(/\D/g, ''));
    expect(count).toBeGreaterThanOrEqual(50);
    // The course page with its enrolment list form.
    expect(await seriousViolations(staff)).toEqual([]);
    await fitsWidth(staff);
    const csv = await (await staff.request.get(`/api/staff/courses/${COURSE}/learners.csv`)).text();
    const line = (email: string) => csv.split(/\r?\n/).find((row) => row.startsWith(`${email};`) || row.startsWith(`${email},`) || row.includes(email)) ?? '';
    expect(line(invitee)).toContain('attivo');
    expect(line(emails[3]!)).toContain('sospeso');
    expect(line(emails[20]!)).toContain('invito inviato');
    expect(csv.split(/\r?\n/).filter((row) => row.includes(`Importata${tag}`))).toHaveLength(50);
  });
}
