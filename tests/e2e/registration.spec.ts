import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { linkIn, waitForMail } from './mailbox.ts';

// A nurse who has never used the site: the link on the sign-in page, the form, the real e-mail
// (read from wrangler's local mailbox), its link, the button that activates the account, sign-in
// with the e-mail address. With JavaScript at 1280 px, without it at 390 px.

const PASSWORD = 'il reparto apre alle sette e mezza';

async function fillRegistration(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Indirizzo e-mail').fill(email);
  await page.getByLabel('Nome', { exact: true }).fill('Marta');
  await page.getByLabel('Cognome').fill('Ferrari');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel(/Ho letto l'informativa sulla privacy/).check();
}

async function confirmationLink(request: APIRequestContext, email: string): Promise<string> {
  const [mail] = await waitForMail(request, email, 1);
  expect(mail?.subject).toBe('Tiles Formazione Sanitaria: attiva il tuo account');
  expect(mail?.text).toContain('Il link vale 24 ore');
  return linkIn(mail!);
}

async function signInByEmail(page: Page, email: string): Promise<void> {
  await page.getByLabel('Codice utente o e-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Accedi' }).click();
}

test('a new nurse registers, cannot sign in before confirming, confirms through the e-mail’s link and signs in by e-mail (1280 px)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = `marta.ferrari.${Date.now()}@example.it`;
  await page.goto('/tiles-access');
  await page.getByRole('link', { name: 'Non hai un account? Registrati' }).click();
  await expect(page).toHaveURL(/\/it-IT\/register$/);
  await fillRegistration(page, email);
  await page.getByRole('button', { name: 'Registrati' }).click();
  // The bot check solves itself, then the form posts; the answer is the same for any address.
  await expect(page.getByTestId('register-sent')).toContainText('apri il link del messaggio entro 24 ore', { timeout: 30_000 });
  const link = await confirmationLink(request, email);

  await page.goto('/tiles-access');
  await signInByEmail(page, email);
  await expect(page.getByTestId('sign-in-error')).toContainText('Il tuo account non è ancora attivo');
  await expect(page.getByTestId('sign-in-resend')).toBeVisible();

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Attiva il tuo account' })).toBeVisible();
  await page.getByRole('button', { name: "Attiva l'account" }).click();
  await expect(page.getByTestId('register-confirmed')).toContainText('Account attivato');
  await signInByEmail(page, email);
  await page.waitForURL(/\/it-IT\/profile$/);

  // The link worked once.
  await page.goto(link);
  await expect(page.getByTestId('register-confirm-problem')).toHaveText('Questo link di conferma è già stato usato: il tuo account è attivo, accedi.');
});

test('registration without JavaScript at 390 px: localized refusals, then the e-mail’s link activates the account', async ({ browser, request }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const email = `luca.russo.${Date.now()}@example.it`;
  await page.goto('/it-IT/register');
  await expect(page.getByTestId('register-no-script')).toContainText('Senza JavaScript la richiesta parte comunque');
  await page.getByRole('button', { name: 'Registrati' }).click();
  await expect(page.locator('#register-email-error')).toHaveText('Campo obbligatorio');
  await expect(page.locator('#register-privacy-error')).toHaveText("Per registrarti devi accettare l'informativa sulla privacy.");
  await fillRegistration(page, email, 'password123');
  await page.getByRole('button', { name: 'Registrati' }).click();
  await expect(page.locator('#register-password-error')).toHaveText("Questa password è tra le più usate e facili da indovinare: scegline un'altra.");
  // What was typed stays, the privacy box ticked too, but never the password.
  await expect(page.getByLabel('Indirizzo e-mail')).toHaveValue(email);
  await expect(page.getByLabel(/Ho letto l'informativa sulla privacy/)).toBeChecked();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Registrati' }).click();
  await expect(page.getByTestId('register-sent')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.goto(await confirmationLink(request, email));
  await page.getByRole('button', { name: "Attiva l'account" }).click();
  await expect(page.getByTestId('register-confirmed')).toBeVisible();
  await signInByEmail(page, email);
  await page.waitForURL(/\/it-IT\/profile$/);
  await context.close();
});
