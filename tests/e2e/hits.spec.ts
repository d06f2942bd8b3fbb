import { expect, test, type Request } from './fixtures.ts';
import { letRealTimePass } from './helpers.ts';

test('one hit per navigation, with identity, path and time since the previous one', async ({ page }) => {
  const hits: Request[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/event/hit')) hits.push(request);
  });
  await page.goto('/it-IT');
  await expect.poll(() => hits.length).toBe(1);
  // The page's visible time is the browser's real clock: spend some for the next hit to carry.
  await letRealTimePass(300);
  const secondAnswered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/event/hit' && response.request() !== hits[0]);
  await page.getByRole('link', { name: 'Chi siamo' }).first().click();
  await page.waitForURL(/\/it-IT\/chi-siamo$/);
  // A second hit for the same navigation would leave with the first, before its answer is back.
  await secondAnswered;
  expect(hits).toHaveLength(2);

  const [first, second] = hits.map((request) => request.postDataJSON());
  expect(first).toMatchObject({ origin: 'web', subject: { id: '/it-IT', meta: [{ field: 'ms', value: 0 }] } });
  expect(second.subject.id).toBe('/it-IT/chi-siamo');
  expect(second.subject.meta[0].field).toBe('ms');
  expect(second.subject.meta[0].value).toBeGreaterThanOrEqual(300);
  expect(second.identity).toBe(first.identity);
  expect(hits[0]?.headers()['tiles-site-id']).toBe('tiles-demo');
  expect(hits[0]?.headers()['tiles-locale-code']).toBe('it-IT');
  const stored = await page.evaluate(() => sessionStorage.getItem('tiles-identity'));
  expect(stored).toBe(first.identity);
});
