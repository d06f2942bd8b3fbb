import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';

test('the root sends a visitor to the Italian home', async ({ page }) => {
  const response = await page.goto('/');
  expect(new URL(page.url()).pathname).toBe('/it-IT');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it-IT');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Catalogo corsi' }).first()).toBeVisible();
});

test('a path without a locale gets the current locale prepended', async ({ page }) => {
  await page.goto('/privacy');
  expect(new URL(page.url()).pathname).toBe('/it-IT/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/privacy/i);
});

test('a locale the site lacks leads to the closest one it has, and a locale typed in lower case to the same page', async ({ page }) => {
  await page.goto('/en-GB/catalogo-corsi');
  expect(new URL(page.url()).pathname).toBe('/en-US/catalogo-corsi');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await page.goto('/fr-FR');
  expect(new URL(page.url()).pathname).toBe('/it-IT');
  await page.goto('/it-it/catalogo-corsi?q=ferite');
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/it-IT/catalogo-corsi?q=ferite');
});

test('every supported locale has its own home, with hreflang alternates', async ({ page }) => {
  for (const [locale, link] of [
    ['en-US', 'Course catalogue'],
    ['de-DE', 'Kurskatalog'],
  ] as const) {
    await page.goto(`/${locale}`);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('link', { name: link }).first()).toBeVisible();
  }
  const alternates = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((links) => links.map((l) => l.getAttribute('hreflang')));
  expect(alternates).toEqual(['it-IT', 'en-US', 'de-DE', 'x-default']);
});

test('a visitor is sent home from the profile, with or without a locale; an unknown course is a 404', async ({ page }) => {
  for (const path of ['/it-IT/profile', '/profile/user-data']) {
    await page.goto(path);
    expect(new URL(page.url()).pathname).toBe('/it-IT');
  }
  // Home in the language of the address opened, with no script having remembered it.
  await page.context().clearCookies();
  for (const locale of ['en-US', 'de-DE']) {
    await page.goto(`/${locale}/profile/user-data`);
    expect(new URL(page.url()).pathname).toBe(`/${locale}`);
  }
  // A course a visitor may open (its public summary, tests/e2e/course-summary.spec.ts), unless there is none.
  const response = await page.goto('/en-US/course/anything');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('error-message')).toHaveText('Page Not Found: /en-US/course/anything');
  await expect(page.getByTestId('error-explanation')).toHaveText(/^This address matches no page/);
});

test("the staff area's own address leads staff to their first section, a visitor to sign in, a learner to the 404", async ({ browser }) => {
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/en-US/staff');
  expect(new URL(visitor.url()).pathname).toBe('/tiles-access');
  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, { code: 'segreteria.demo', password: 'Segreteria-Demo-2026!' });
  await staff.goto('/en-US/staff');
  expect(new URL(staff.url()).pathname).toBe('/en-US/staff/people');
  await expect(staff.getByRole('heading', { level: 1 })).toBeVisible();
  const learner = await (await browser.newContext()).newPage();
  await signIn(learner);
  expect((await learner.goto('/it-IT/staff'))?.status()).toBe(404);
  await expect(learner.getByTestId('error-message')).toHaveText('Page Not Found: /it-IT/staff');
});

test('an unknown page shows the Italian error screen, whose buttons lead to support and home', async ({ page }) => {
  const response = await page.goto('/it-IT/pagina-che-non-esiste?x=1');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Errore 404' })).toBeVisible();
  await expect(page.getByText('Errore rilevato:')).toBeVisible();
  await expect(page.getByTestId('error-message')).toHaveText('Page not found: /it-IT/pagina-che-non-esiste?x=1');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
  await expect(page.locator('.error-screen img')).toHaveAttribute('src', /^\/logo\//);

  const support = page.getByRole('link', { name: 'Assistenza' });
  const href = new URL((await support.getAttribute('href')) ?? '', page.url());
  expect(href.pathname).toBe('/it-IT/assistenza');
  expect(Object.fromEntries(href.searchParams)).toEqual({
    c: '404',
    e: 'Page not found: /it-IT/pagina-che-non-esiste?x=1',
    p: '/it-IT/pagina-che-non-esiste?x=1',
    // The request's id in the logs, shown on the screen as the support reference.
    r: expect.stringMatching(/^[0-9a-f-]{16,}$/),
  });
  await support.click();
  await page.waitForURL(/\/it-IT\/assistenza\?/);
  await expect(page.getByTestId('error-reference')).toContainText('404');

  await page.goBack();
  await page.getByRole('link', { name: 'Torna alla homepage' }).click();
  await page.waitForURL(/\/it-IT$/);
});

test('a German 404 speaks German, and its buttons lead to the German support and home pages', async ({ page }) => {
  const response = await page.goto('/de-DE/gibt-es-nicht');
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await expect(page).toHaveTitle('Fehler 404 · Tiles Gesundheitsfortbildung');
  await expect(page.getByRole('heading', { name: 'Fehler 404' })).toBeVisible();
  await expect(page.getByTestId('error-status')).toHaveText('Seite nicht gefunden');
  await expect(page.getByText('Festgestellter Fehler:')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zurück zur Startseite' })).toHaveAttribute('href', '/de-DE');

  const support = page.getByRole('link', { name: 'Hilfe' });
  const href = new URL((await support.getAttribute('href')) ?? '', page.url());
  expect(href.pathname).toBe('/de-DE/assistenza');
  expect(Object.fromEntries(href.searchParams)).toEqual({
    c: '404',
    e: 'Page not found: /de-DE/gibt-es-nicht',
    p: '/de-DE/gibt-es-nicht',
    r: expect.stringMatching(/^[0-9a-f-]{16,}$/),
  });
  await support.click();
  await page.waitForURL(/\/de-DE\/assistenza\?/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await expect(page.getByTestId('error-reference')).toContainText('Code 404');

  await page.goBack();
  await page.getByRole('link', { name: 'Zurück zur Startseite' }).click();
  await page.waitForURL(/\/de-DE$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
});

test('a malformed session id is a fatal 404 naming the path', async ({ page }) => {
  const response = await page.goto('/it-IT/course/session/triage/uno/2');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('error-message')).toHaveText('Page Not Found: /it-IT/course/session/triage/uno/2');
});

test("a staff address naming one of an object's own members is the same 404, never a server error", async ({ page }) => {
  for (const path of ['/it-IT/staff/constructor/x', '/it-IT/staff/__proto__/1']) {
    expect((await page.goto(path))?.status(), path).toBe(404);
    await expect(page.getByTestId('error-message')).toHaveText(`Page Not Found: ${path}`);
  }
});

test('crawlers get the status and no error page', async ({ request }) => {
  const response = await request.get('/it-IT/pagina-che-non-esiste', {
    headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
  });
  expect(response.status()).toBe(404);
  expect(await response.text()).toBe('');
});

test('a locale-less path opens in the locale the visitor last used', async ({ page }) => {
  await page.goto('/de-DE');
  await page.goto('/privacy');
  expect(new URL(page.url()).pathname).toBe('/de-DE/privacy');
});
