import { expect, test, type Page } from './fixtures.ts';
import { LEARNER, signIn } from './helpers.ts';

const API_HEADERS = { 'tiles-site-id': 'tiles-demo', 'tiles-locale-code': 'it-IT' };

/** Whether the session behind the browser's cookies is still valid, asked of the API. */
async function signedIn(page: Page): Promise<boolean> {
  return (await page.request.get('/api/auth/user', { headers: API_HEADERS })).ok();
}

/**
 * Records, in the first animation frame in which the header exists (frames run just before a
 * paint, and no paint happens before the page's stylesheet has loaded), which sign-in links show.
 */
async function recordHeaderAtFirstPaint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const look = () => {
      const signIn = document.querySelector('[data-testid="sign-in-link"]');
      const profile = document.querySelector('[data-testid="profile-link"]');
      if (!signIn || !profile) return requestAnimationFrame(look);
      (window as unknown as { firstPaintHeader: unknown }).firstPaintHeader = { signIn: signIn.checkVisibility(), profile: profile.checkVisibility() };
    };
    requestAnimationFrame(look);
  });
}

const firstPaintHeader = (page: Page) =>
  page.evaluate(() => (window as unknown as { firstPaintHeader?: { signIn: boolean; profile: boolean } }).firstPaintHeader);

test('a signed-in learner sees their own header on pre-rendered pages from the first paint, before any module script runs', async ({ page }) => {
  await signIn(page);
  await recordHeaderAtFirstPaint(page);
  // The page's own scripts (modules, deferred) are refused: only what is in the HTML decides.
  await page.route('**/_astro/*.js', (route) => route.abort());
  for (const path of ['/it-IT', '/it-IT/catalogo-corsi', '/it-IT/chi-siamo', '/en-US/pf/percorso-infermieri']) {
    const response = await page.goto(path);
    // The pre-rendered file itself (served as a static asset, with its ETag), the same for everyone.
    expect(response?.headers().etag, `${path} is the static file`).toBeTruthy();
    await expect.poll(() => firstPaintHeader(page), { message: path }).toEqual({ signIn: false, profile: true });
    await expect(page.getByTestId('logout-link')).toBeVisible();
  }
});

test('a visitor sees "Accedi" at first paint; the client router keeps the right header from page to page', async ({ page }) => {
  await recordHeaderAtFirstPaint(page);
  await page.goto('/it-IT');
  await expect.poll(() => firstPaintHeader(page)).toEqual({ signIn: true, profile: false });

  await signIn(page);
  await page.goto('/it-IT/catalogo-corsi');
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
  await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Chi siamo' }).click();
  await page.waitForURL(/\/it-IT\/chi-siamo$/);
  // Still the same document (a client-side navigation), with the signed-in header.
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  await expect(page.getByTestId('profile-link')).toBeVisible();
  await expect(page.getByTestId('sign-in-link')).toBeHidden();
});

test('without JavaScript the static pages show the visitor header, and "Accedi" takes a signed-in learner to the profile', async ({ browser, page }) => {
  await signIn(page);
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noScript.newPage();
  await plain.goto('/it-IT/catalogo-corsi');
  await expect(plain.getByTestId('sign-in-link')).toBeVisible();
  await expect(plain.getByTestId('profile-link')).toBeHidden();
  await plain.getByTestId('sign-in-link').click();
  await plain.waitForURL(/\/it-IT\/profile$/);
  // Pages rendered on demand know the learner and show only their header.
  await expect(plain.getByTestId('logout-link')).toBeVisible();
  await expect(plain.getByTestId('sign-in-link')).toHaveCount(0);
  await noScript.close();
});

test('the marker is a hint only: forged, it shows a header but opens nothing, and the next page rendered on demand clears it', async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  await context.addCookies([{ name: 't-in', value: '1', url: baseURL ?? '', sameSite: 'Strict' }]);
  const page = await context.newPage();
  await page.goto('/it-IT/profile');
  expect(new URL(page.url()).pathname).toBe('/it-IT');
  expect((await context.cookies()).find((cookie) => cookie.name === 't-in')).toBeUndefined();
  await expect(page.getByTestId('sign-in-link')).toBeVisible();
  await context.close();
});

test('the header\'s "Esci" signs out with a POST; on a static page too', async ({ page, context }) => {
  await signIn(page);
  await page.goto('/it-IT/chi-siamo');
  const posted = page.waitForRequest((request) => request.url().endsWith('/it-IT/logout'));
  await page.getByRole('button', { name: 'Esci' }).click();
  expect((await posted).method()).toBe('POST');
  await page.waitForURL(/\/it-IT$/);
  await expect(page.getByTestId('sign-in-link')).toBeVisible();
  await expect(page.getByTestId('profile-link')).toBeHidden();
  expect((await context.cookies()).map((cookie) => cookie.name).filter((name) => name === 't-ssid' || name === 't-in')).toEqual([]);
  expect(await signedIn(page)).toBe(false);
});

test('a link or a form from another site to the logout page signs no one out; a typed GET only asks', async ({ page, baseURL }) => {
  await signIn(page);
  const logout = `${baseURL}/it-IT/logout`;
  await page.route('https://elsewhere.example/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Win a prize</title><a href="${logout}">Claim it</a><form method="post" action="${logout}"><input type="hidden" name="scope" value="everywhere"><button>Claim all</button></form>`,
    }),
  );
  await page.goto('https://elsewhere.example/prize');
  await page.getByRole('link', { name: 'Claim it' }).click();
  await page.waitForURL((url) => url.origin === baseURL);
  expect(await signedIn(page)).toBe(true);

  await page.goto('https://elsewhere.example/prize');
  const refused = page.waitForResponse((response) => response.url() === logout);
  await page.getByRole('button', { name: 'Claim all' }).click();
  expect((await refused).status()).toBe(403);
  expect(await signedIn(page)).toBe(true);

  // Typed (or followed from our own pages): a page that asks, and only its button signs out.
  await page.goto('/it-IT/logout');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vuoi uscire?');
  expect(await signedIn(page)).toBe(true);
  await page.getByTestId('logout-confirm').click();
  await page.waitForURL(/\/it-IT$/);
  expect(await signedIn(page)).toBe(false);
});

test('a visitor who clicks a course in the catalogue reads its summary, signs in from it and lands on that course, with or without JavaScript', async ({
  page,
  browser,
}) => {
  await page.goto('/it-IT/catalogo-corsi');
  const course = page.getByTestId('course-card').first().getByRole('link');
  const path = (await course.getAttribute('href')) ?? '';
  expect(path).toMatch(/^\/it-IT\/course\//);
  await course.click();
  await page.waitForURL((url) => url.pathname === path);
  await expect(page.getByTestId('course-summary')).toBeVisible();
  await page.getByRole('link', { name: 'Accedi per seguire il corso' }).click();
  await page.waitForURL((url) => url.pathname === '/tiles-access' && url.searchParams.get('returnTo') === path);
  await page.getByLabel('Codice utente').fill(LEARNER.code);
  await page.getByLabel('Password').fill(LEARNER.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.waitForURL((url) => url.pathname === path);
  await expect(page.getByTestId('course-progress')).toBeVisible();

  // The same without JavaScript (no client router): a click and a typed address get the same summary.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto('/it-IT/catalogo-corsi');
  await plain.getByTestId('course-card').first().getByRole('link').click();
  await plain.waitForURL((url) => url.pathname === path);
  await expect(plain.getByTestId('course-summary')).toBeVisible();
  await plain.getByRole('link', { name: 'Accedi per seguire il corso' }).click();
  await plain.waitForURL((url) => url.pathname === '/tiles-access' && url.searchParams.get('returnTo') === path);
  await noScript.close();
});
