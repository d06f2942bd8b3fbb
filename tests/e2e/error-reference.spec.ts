import { expect, test } from '@playwright/test';

test('the error screen shows the request id of its log line and hands it to the support form as r', async ({ page }) => {
  const response = await page.goto('/it-IT/course/session/triage/uno/2');
  expect(response?.status()).toBe(404);
  const reference = page.getByTestId('error-reference');
  await expect(reference).toHaveText(/^Riferimento per l’assistenza: [0-9a-f-]{36}$/);
  const id = ((await reference.textContent()) ?? '').split(': ')[1];
  const href = (await page.getByTestId('error-support').getAttribute('href')) ?? '';
  const params = new URL(href, 'http://localhost').searchParams;
  expect(params.get('r')).toBe(id);
  expect(params.get('c')).toBe('404');
  // Another request, another id.
  await page.reload();
  await expect(reference).not.toHaveText(`Riferimento per l’assistenza: ${id}`);
});
