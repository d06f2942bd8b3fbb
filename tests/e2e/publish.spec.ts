import { expect, test, type APIRequestContext } from '@playwright/test';
import { signIn } from './helpers.ts';

// Browsers send Origin with every fetch; Astro refuses a POST without a same-site one.
const headers = { 'tiles-site-id': 'tiles-demo', 'tiles-locale-code': 'it-IT', origin: 'http://localhost:4399', 'content-type': 'application/json' };

async function waitLive(request: APIRequestContext, id: number) {
  let status = '';
  await expect
    .poll(
      async () => {
        status = (await (await request.get(`/api/cms/builds/${id}`, { headers })).json()).outcome.status;
        return status;
      },
      { timeout: 120_000, intervals: [1_000] },
    )
    .toMatch(/^(live|failed)$/);
  expect(status).toBe('live');
}

test('an editor publishes a change to the Italian privacy page: a rebuild goes live, visitors see it, English is unchanged, revert restores it', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await signIn(page, { code: 'editor.demo', password: 'Editor-Demo-2026!' });
  const original = await (await page.request.get('/api/cms/page/content/it-IT/privacy', { headers })).json();
  const saved = await page.request.put('/api/cms/page/content/it-IT/privacy', {
    headers,
    data: { title: 'Informativa sulla privacy (rivista)', description: 'Versione rivista.', body: [{ type: 'p', text: 'Testo rivisto dalla redazione.' }] },
  });
  expect(saved.status()).toBe(200);

  const visitor = await browser.newPage();
  await visitor.goto('/it-IT/privacy');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(original.outcome.live.title);

  const started = Date.now();
  const published = (await (await page.request.post('/api/cms/publish', { headers })).json()).outcome;
  await waitLive(page.request, published.requestId);
  console.log(`publish to live: ${((Date.now() - started) / 1000).toFixed(1)} s`);

  await visitor.goto('/it-IT/privacy');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Informativa sulla privacy (rivista)');
  await expect(visitor.getByText('Testo rivisto dalla redazione.')).toBeVisible();
  await visitor.goto('/en-US/privacy');
  await expect(visitor.getByRole('heading', { level: 1 })).not.toHaveText(/rivista/);

  const versions = (await (await page.request.get('/api/cms/page/content/it-IT/privacy', { headers })).json()).outcome.versions as { id: number; status: string }[];
  const before = versions.find((version) => version.status === 'live-before');
  expect((await page.request.post(`/api/cms/versions/${before?.id}/revert`, { headers })).status()).toBe(200);
  const again = (await (await page.request.post('/api/cms/publish', { headers })).json()).outcome;
  await waitLive(page.request, again.requestId);
  await visitor.goto('/it-IT/privacy');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(original.outcome.live.title);
});

test('a learner gets 403 from every CMS call', async ({ page }) => {
  await signIn(page);
  for (const [method, path] of [
    ['GET', '/api/cms/page/content/it-IT/privacy'],
    ['PUT', '/api/cms/page/content/it-IT/privacy'],
    ['POST', '/api/cms/publish'],
    ['POST', '/api/cms/versions/1/revert'],
    ['GET', '/api/cms/builds/1'],
  ] as const) {
    const response = await page.request.fetch(path, { method, headers, data: method === 'PUT' ? { title: 'x', description: '', body: [{ type: 'p', text: 'x' }] } : undefined });
    expect(response.status()).toBe(403);
    expect((await response.json()).message).toMatch(/^Il tuo ruolo non consente questa operazione/);
  }
});
