import { expect, test } from './fixtures.ts';
import { islandsReady, signIn } from './helpers.ts';

const REQUIRED = ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'permissions-policy'];

test('every kind of response carries the security headers, with a script policy free of unsafe-inline and no HSTS on localhost', async ({ request }) => {
  const responses = {
    'static page': await request.get('/it-IT/privacy'),
    'static asset': await request.get('/favicon.svg'),
    'on-demand page': await request.get('/tiles-access'),
    'error page': await request.get('/it-IT/pagina-che-non-esiste'),
    redirect: await request.get('/', { maxRedirects: 0 }),
    'API answer': await request.get('/api/i18n/locales', { headers: { 'tiles-site-id': 'tiles-demo' } }),
    'API error': await request.get('/api/nessuna-risorsa'),
  };
  for (const [what, response] of Object.entries(responses)) {
    const headers = response.headers();
    for (const name of REQUIRED) expect(headers[name], `${name} on the ${what}`).toBeTruthy();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp, what).toContain("frame-ancestors 'none'");
    expect(
      csp.split(';').find((directive) => directive.trim().startsWith('script-src')),
      what,
    ).not.toContain('unsafe-inline');
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(headers['strict-transport-security'], `no HSTS on localhost (${what})`).toBeUndefined();
  }
});

test('the refusal of a cross-site form post to an on-demand page carries the security headers', async ({ request }) => {
  const response = await request.post('/it-IT/logout', { headers: { origin: 'https://evil.example' }, form: { scope: 'everywhere' }, maxRedirects: 0 });
  expect(response.status()).toBe(403);
  const headers = response.headers();
  for (const name of REQUIRED) expect(headers[name], name).toBeTruthy();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
});

test('signed-in pages are private: Cache-Control private, no-store on the profile and a course, not on public pages', async ({ page, request }) => {
  await signIn(page);
  for (const path of ['/it-IT/profile', '/it-IT/course/prevenzione-ica', '/it-IT/profile/user-data']) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['cache-control'], path).toBe('private, no-store');
  }
  expect((await request.get('/tiles-access')).headers()['cache-control'] ?? '').not.toContain('private');
});

test("the page's scripts, style sheets and logo are kept by the browser: the page loaded again asks the server for none of them", async ({ page }) => {
  await page.goto('/it-IT');
  const script = page.locator('script[type="module"][src^="/_astro/"]').first();
  const response = await page.request.get((await script.getAttribute('src')) ?? '');
  // Their names carry a hash of their content: a changed file is a new name.
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  await page.goto('/it-IT/catalogo-corsi');
  // What the browser took from its cache, and what it asked the server for (a 304 included), as Chromium reports it.
  const network = await page.context().newCDPSession(page);
  await network.send('Network.enable');
  const fromCache = new Set<string>();
  const asked: string[] = [];
  network.on('Network.requestServedFromCache', ({ requestId }) => fromCache.add(requestId));
  network.on('Network.responseReceived', ({ requestId, response: answer }) => {
    const path = new URL(answer.url).pathname;
    if ((path.startsWith('/_astro/') || path.startsWith('/logo/')) && !fromCache.has(requestId) && !answer.fromDiskCache)
      asked.push(`${answer.status} ${answer.url}`);
  });
  await page.goto('/it-IT');
  await page.waitForLoadState('load');
  expect(fromCache.size).toBeGreaterThan(0);
  expect(asked).toEqual([]);
});

test('pages work under the policy: no script is refused while a learner signs in, navigates and opens the charts', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await signIn(page);
  await page.goto('/it-IT/profile/user-progress');
  await islandsReady(page);
  await page.mouse.move(20, 20);
  await expect(page.locator('[data-testid="chart-by-day"] svg')).toBeVisible({ timeout: 15_000 });
  await page.goto('/it-IT/course/session/prevenzione-ica/1/2');
  await expect(page.getByTestId('session-video')).toBeVisible();
  await page.goto('/it-IT/catalogo-corsi');
  await page.getByRole('link', { name: 'Chi siamo' }).first().click();
  await expect(page).toHaveURL(/chi-siamo$/);
  expect(refused).toEqual([]);
});
