import { expect, test } from './fixtures.ts';
import { botCheckSolved, supportRequestsAsEditor } from './helpers.ts';

test('the error screen shows the request id of its log line; the support request it leads to keeps it for editors', async ({ page, browser }) => {
  const response = await page.goto('/it-IT/course/session/triage/uno/2');
  expect(response?.status()).toBe(404);
  const reference = page.getByTestId('error-reference');
  await expect(reference).toHaveText(/^Riferimento per l’assistenza: [0-9a-f-]{36}$/);
  const id = ((await reference.textContent()) ?? '').split(': ')[1] ?? '';
  const href = (await page.getByTestId('error-support').getAttribute('href')) ?? '';
  const params = new URL(href, 'http://localhost').searchParams;
  expect(params.get('r')).toBe(id);
  expect(params.get('c')).toBe('404');
  // Another request, another id.
  await page.reload();
  await expect(reference).not.toHaveText(`Riferimento per l’assistenza: ${id}`);
  const shown = ((await reference.textContent()) ?? '').split(': ')[1] ?? '';

  await page.getByTestId('error-support').click();
  const form = page.locator('#support-form');
  await expect(form).toHaveAttribute('data-ready', 'true');
  await form.getByLabel('Nome e cognome').fill('Marco Bianchi');
  await form.getByLabel('E-mail').fill('marco.bianchi@example.it');
  await form.getByLabel('Messaggio').fill('La sessione del corso di triage non si apre.');
  await botCheckSolved(page);
  await form.getByRole('button', { name: 'Invia richiesta' }).click();
  await page.waitForURL(/\/it-IT\/assistenza\/inviata\?n=\d+$/);

  const requests = await supportRequestsAsEditor(browser);
  await expect(requests).toContainText('Marco Bianchi <marco.bianchi@example.it>');
  await expect(requests).toContainText(`ID della richiesta nei log: ${shown}`);
});
