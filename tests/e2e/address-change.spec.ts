import { expect, test, type Browser, type Page } from './fixtures.ts';
import { islandsReady, signIn } from './helpers.ts';
import { linkIn, mailTo, waitForMail } from './mailbox.ts';

// An address belongs to one account and changes only through a link sent to the new address.
// A secretary corrects the address she mistyped for a new colleague; the colleague, on a phone
// (390 px), confirms it from the e-mail, chooses a password and signs in; later changes her own
// address in "Dati personali" the same way. The pages post as they are sent (no script needed).

const STAFF = { code: 'segreteria.demo', password: 'Segreteria-Demo-2026!' };
const PASSWORD = 'il turno di notte inizia alle dieci';
let addresses = 0;

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { 'cf-connecting-ip': `203.0.113.${150 + ++addresses}` },
  });
  return context.newPage();
}

async function fitsWidth(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

test('a secretary fixes a mistyped address; the person confirms it on a phone, chooses a password, then changes her own address', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const mistyped = `rosa.neri.${tag}@exmaple.it`;
  const right = `rosa.neri.${tag}@example.it`;

  const staff = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(staff, STAFF);
  await staff.goto('/it-IT/staff/people/new');
  await staff.getByLabel('Nome', { exact: true }).fill('Rosa');
  await staff.getByLabel('Cognome').fill('Neri');
  await staff.getByLabel('E-mail', { exact: true }).fill(mistyped);
  await staff.getByRole('button', { name: 'Crea e invita' }).click();
  await expect(staff.getByTestId('person-name')).toHaveText('Rosa Neri');

  // The secretary notices the typo and corrects it on the person's page.
  await staff.getByLabel('Indirizzo e-mail').fill(right);
  await staff.getByTestId('person-edit-button').click();
  await expect(staff.getByTestId('staff-done')).toHaveText(
    "Dati salvati. Al nuovo indirizzo è partito un link: diventa quello dell'account quando la persona lo apre.",
  );
  await expect(staff.getByTestId('person-email')).toContainText(mistyped);
  await expect(staff.getByTestId('person-pending-email')).toHaveText(`in attesa di conferma: ${right}`);
  await expect(staff.getByTestId('person-history')).toContainText('Link di conferma inviato a un nuovo indirizzo e-mail');

  // Rosa, on her phone, opens the link that reached the right address.
  const [link] = await waitForMail(request, right);
  expect(link?.subject).toBe('Tiles Formazione Sanitaria: conferma il nuovo indirizzo e-mail');
  const rosa = await phone(browser);
  await rosa.goto(linkIn(link!));
  await expect(rosa.getByRole('heading', { level: 1 })).toHaveText('Conferma il nuovo indirizzo e-mail');
  await expect(rosa.getByText(right)).toBeVisible();
  await fitsWidth(rosa);
  await rosa.getByRole('button', { name: "Conferma l'indirizzo" }).click();
  // Proved, the address leads straight to choosing her password (a fresh invitation, also mailed there).
  await expect(rosa.getByRole('heading', { level: 1 })).toHaveText('Attiva il tuo account');
  await rosa.getByLabel('Nuova password', { exact: true }).fill(PASSWORD);
  await rosa.getByLabel('Ripeti la nuova password').fill(PASSWORD);
  await rosa.getByRole('button', { name: "Attiva l'account" }).click();
  await expect(rosa.getByTestId('invitation-accepted')).toBeVisible();
  // The sign-in form already holds her address: she adds the password she just chose.
  await expect(rosa.getByLabel('Codice utente o e-mail')).toHaveValue(right);
  await signIn(rosa, { code: right, password: PASSWORD });
  await rosa.goto('/it-IT/profile');

  // The secretary sees the address confirmed, and who did what.
  await staff.reload();
  await expect(staff.getByTestId('person-email')).toHaveText(right);
  await expect(staff.getByTestId('person-history').getByRole('listitem').filter({ hasText: 'Nuovo indirizzo e-mail confermato dal link' })).toContainText(
    'la persona stessa',
  );
  // The mistyped address got only the first invitation, never a word about the change.
  expect((await mailTo(request, mistyped)).map((mail) => mail.subject)).toEqual([expect.stringContaining('il tuo account ti aspetta')]);

  // Months later Rosa changes her own address: it waits for its link, and the old one is told.
  const next = `rosa.neri.${tag}@ospedale.example.it`;
  await rosa.goto('/it-IT/profile/user-data');
  // The form is an island: typing before it hydrates would race React's first render of the field.
  await islandsReady(rosa);
  await rosa.getByLabel('Indirizzo e-mail').fill(next);
  await rosa.getByRole('button', { name: 'Salva' }).click();
  await expect(rosa.getByTestId('user-email-pending')).toContainText(`Nuovo indirizzo in attesa di conferma: ${next}`);
  await expect(rosa.getByLabel('Indirizzo e-mail')).toHaveValue(right);
  await fitsWidth(rosa);
  const [own] = await waitForMail(request, next);
  await rosa.goto(linkIn(own!));
  await rosa.getByRole('button', { name: "Conferma l'indirizzo" }).click();
  await expect(rosa.getByTestId('email-confirm-done')).toHaveText(`Fatto: ${next} è ora l'indirizzo e-mail del tuo account.`);
  const notices = await waitForMail(request, right, 3);
  expect(notices.map((mail) => mail.subject)).toContain("Tiles Formazione Sanitaria: l'indirizzo e-mail del tuo account è cambiato");
  await rosa.getByRole('link', { name: 'Vai ai tuoi dati' }).click();
  await expect(rosa.getByLabel('Indirizzo e-mail')).toHaveValue(next);
  await expect(rosa.getByTestId('user-email-pending')).toHaveCount(0);
});
