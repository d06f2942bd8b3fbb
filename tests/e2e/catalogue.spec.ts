import { expect, test } from './fixtures.ts';

test('the catalogue in two locales, filtered by category and searched, without client code', async ({ page }) => {
  await page.goto('/it-IT/catalogo-corsi');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Catalogo corsi');
  await expect(page.getByRole('note')).toContainText('ECM');
  const all = await page.getByTestId('course-card').count();
  // The demo's 13 courses, and any a journey published on this server before this test.
  expect(all).toBeGreaterThanOrEqual(13);
  await expect(page.getByTestId('catalogue-count')).toHaveText(`Corsi trovati: ${all}`);
  const first = page.getByTestId('course-card').first();
  await expect(first.locator('dd').first()).toHaveText(/^\d+h \d{1,2}m \d{1,2}s$/);

  await page.getByRole('navigation', { name: 'Categorie' }).getByRole('link', { name: 'Emergenza e urgenza' }).click();
  await page.waitForURL(/\/it-IT\/catalogo-corsi\/emergenza-urgenza$/);
  const filtered = await page.getByTestId('course-card').count();
  expect(filtered).toBeGreaterThan(0);
  expect(filtered).toBeLessThan(all);
  for (const category of await page.locator('.course-category').allTextContents()) expect(category).toMatch(/emergenza/i);

  await page.getByLabel('Cerca un corso').fill('triage');
  await page.getByRole('button', { name: 'Cerca' }).click();
  await page.waitForURL(/\/it-IT\/catalogo-corsi\/cerca\?q=triage/);
  await expect(page.getByTestId('course-card')).toHaveCount(1);
  await expect(page.getByTestId('course-card')).toContainText(/triage/i);

  await page.goto('/en-US/catalogo-corsi');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Course catalogue');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByTestId('catalogue-count')).toHaveText(/^Courses found: (1[3-9]|[2-9]\d)$/);

  await page.goto('/it-IT/catalogo-corsi-no-ecm');
  const withoutCredits = page.getByTestId('course-card');
  expect(await withoutCredits.count()).toBeGreaterThanOrEqual(5);
  for (const credits of await withoutCredits.locator('dd').nth(1).allTextContents()) expect(credits).toBe('Nessun credito');
});

test('search ignores case and accents, matches word starts, and answers any input without an error', async ({ page }) => {
  for (const query of ['a'.repeat(49), '😀'.repeat(13), '%'.repeat(25)]) {
    const response = await page.goto(`/it-IT/catalogo-corsi/cerca?q=${encodeURIComponent(query)}`);
    expect(response?.status(), query).toBe(200);
    await expect(page.getByTestId('course-card')).toHaveCount(0);
    await expect(page.locator('.notice')).toBeVisible();
  }
  for (const query of ['TRIAGE', 'triàg']) {
    await page.goto(`/it-IT/catalogo-corsi/cerca?q=${encodeURIComponent(query)}`);
    await expect(page.getByTestId('course-card')).toHaveCount(1);
    await expect(page.getByTestId('course-card')).toContainText(/triage/i);
  }
  const response = await page.goto(`/it-IT/catalogo-corsi-no-ecm/cerca?q=${encodeURIComponent('%'.repeat(25))}`);
  expect(response?.status()).toBe(200);
  // Nothing to look for (spaces only): the catalogue itself, not "results for «»".
  await page.goto('/it-IT/catalogo-corsi-no-ecm/cerca?q=%20%20');
  await expect(page).toHaveURL(/\/it-IT\/catalogo-corsi-no-ecm$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toContainText('«');
});

test('search finds a course by a word of its description or a session title, in its inflections and in German', async ({ page }) => {
  const cards = page.getByTestId('course-card');
  const ica = cards.filter({ hasText: "Prevenzione delle infezioni correlate all'assistenza" });
  await page.goto('/it-IT/catalogo-corsi');
  await page.getByLabel('Cerca un corso').fill('infermieri');
  await page.getByRole('button', { name: 'Cerca' }).click();
  await page.waitForURL(/\/it-IT\/catalogo-corsi\/cerca\?q=infermieri/);
  await expect(ica).toHaveCount(1);
  for (const query of ['ostetrica', 'svestizione']) {
    await page.goto(`/it-IT/catalogo-corsi/cerca?q=${encodeURIComponent(query)}`);
    await expect(cards).toHaveCount(1);
    await expect(ica).toHaveCount(1);
  }
  await page.goto(`/de-DE/catalogo-corsi/cerca?q=${encodeURIComponent('Pflegekraft Hebamme')}`);
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText('Prävention von nosokomialen Infektionen');
  // The language switcher keeps the search.
  await expect(page.getByRole('link', { name: 'Italiano' }).first()).toHaveAttribute('href', '/it-IT/catalogo-corsi/cerca?q=Pflegekraft+Hebamme');
});

test('public pages carry canonical and hreflang links, and the sitemap lists every locale', async ({ page, request }) => {
  await page.goto('/de-DE/chi-siamo');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/de-DE\/chi-siamo$/);
  await expect(page.locator('link[rel="alternate"][hreflang="it-IT"]')).toHaveAttribute('href', /\/it-IT\/chi-siamo$/);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const locale of ['it-IT', 'en-US', 'de-DE']) {
    expect(sitemap).toContain(`/${locale}/catalogo-corsi</loc>`);
    expect(sitemap).toContain(`/${locale}/privacy</loc>`);
  }
});

test('tile pages show multiline field sets, and an expired one says so', async ({ page }) => {
  await page.goto('/it-IT/pf/percorso-infermieri');
  await expect(page.locator('fieldset.multiline').first()).toBeVisible();
  await page.goto('/it-IT/pf/percorso-2024');
  await expect(page.getByTestId('expired')).toHaveText('Questo contenuto è scaduto e non è più disponibile.');
  await expect(page.locator('.tile')).toHaveCount(0);
});
