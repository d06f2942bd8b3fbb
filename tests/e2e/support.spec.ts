import { expect, test } from './fixtures.ts';
import { botCheckSolved, supportRequestsAsEditor } from './helpers.ts';

test('from an error screen a visitor writes to support; the request keeps the error reference and editors read it in CMS mode', async ({ page, browser }) => {
  await page.goto('/it-IT/pagina-sparita');
  await page.getByRole('link', { name: 'Assistenza' }).click();
  await page.waitForURL(/\/it-IT\/assistenza\?/);
  const form = page.locator('#support-form');
  // This journey is the enhanced form's (tests/e2e/forms-no-js.spec.ts posts it without scripts).
  await expect(form).toHaveAttribute('data-ready', 'true');

  // Wrong input first: messages per field, in Italian, nothing sent.
  await form.getByRole('button', { name: 'Invia richiesta' }).click();
  await expect(page.locator('#support-name-error')).toHaveText('Campo obbligatorio');
  await expect(form.getByLabel('Nome e cognome')).toBeFocused();
  await form.getByLabel('Nome e cognome').fill('Anna Verdi');
  await form.getByLabel('E-mail').fill('anna.verdi@');
  await form.getByLabel('Messaggio').fill('Corto');
  await form.getByRole('button', { name: 'Invia richiesta' }).click();
  await expect(page.locator('#support-email-error')).toHaveText('Inserisci un indirizzo e-mail valido');
  await expect(page.locator('#support-message-error')).toHaveText('Inserisci almeno 10 caratteri');

  await form.getByLabel('E-mail').fill('anna.verdi@example.it');
  await form.getByLabel('Messaggio').fill('La pagina del corso che cercavo non esiste più.');
  await botCheckSolved(page);
  await form.getByRole('button', { name: 'Invia richiesta' }).click();
  // A plain post to the server, then its "sent" page (Post/Redirect/Get).
  await page.waitForURL(/\/it-IT\/assistenza\/inviata\?n=\d+$/);
  const status = page.getByRole('status').filter({ hasText: 'Richiesta inviata' });
  await expect(status).toHaveText(/^Richiesta inviata \(n\. \d+\): ti risponderemo/);

  const requests = await supportRequestsAsEditor(browser);
  await expect(requests).toContainText('Anna Verdi <anna.verdi@example.it>');
  await expect(requests).toContainText('La pagina del corso che cercavo non esiste più.');
  await expect(requests).toContainText('Errore 404 su /it-IT/pagina-sparita');
});

test('the bot check appears in the room kept for it: nothing below it moves, so a press on "Invia richiesta" is never lost', async ({ page }) => {
  for (const path of ['/it-IT/assistenza', '/it-IT/password/forgot', '/it-IT/register']) {
    await page.goto(path);
    const form = page.locator('form:has([data-bot-check])');
    await expect(form).toHaveAttribute('data-ready', 'true');
    const button = form.locator('button[type="submit"]');
    const before = await button.boundingBox();
    await form.locator('input:visible').first().focus();
    await expect(form.getByTestId('bot-check')).toBeVisible();
    await expect(form.getByRole('checkbox', { name: /Verificato|Verifica/ })).toBeVisible();
    expect(await button.boundingBox(), path).toEqual(before);
  }
});
