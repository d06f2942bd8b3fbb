import { expect, test, type APIRequestContext } from './fixtures.ts';
import { signIn } from './helpers.ts';
import { checkSchemaOrg } from './schema-org.ts';

const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36' };

async function sitemapPaths(request: APIRequestContext): Promise<{ path: string; alternates: Record<string, string> }[]> {
  const xml = await (await request.get('/sitemap.xml')).text();
  return [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(.*?)<\/url>/g)].map((match) => ({
    path: new URL(match[1] ?? '').pathname,
    alternates: Object.fromEntries([...(match[2] ?? '').matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((link) => [link[1], link[2]])),
  }));
}

const meta = (html: string, attribute: 'name' | 'property', key: string) =>
  html.match(new RegExp(`<meta ${attribute}="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)"`))?.[1];
// Astro's client router marks the page's scripts (data-astro-exec) once it has run them.
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1] ?? '') as Record<string, unknown>);

test('every public page: hreflang with x-default, Open Graph and Twitter cards in its locale, the site name in its language', async ({ request }) => {
  const pages = await sitemapPaths(request);
  expect(pages.length).toBeGreaterThan(30);
  const siteNames: Record<string, string> = {
    'it-IT': 'Tiles Formazione Sanitaria',
    'en-US': 'Tiles Healthcare Training',
    'de-DE': 'Tiles Gesundheitsfortbildung',
  };
  for (const { path, alternates } of pages) {
    const locale = path.split('/')[1] ?? '';
    expect(alternates['x-default'], `${path} in the sitemap`).toBe(alternates['it-IT']);
    const html = await (await request.get(path, { headers: BROWSER })).text();
    expect(html, path).toContain(`<link rel="alternate" hreflang="x-default" href="${alternates['it-IT']}">`);
    expect(meta(html, 'property', 'og:locale'), path).toBe(locale.replace('-', '_'));
    expect(meta(html, 'property', 'og:site_name'), path).toBe(siteNames[locale]);
    expect(meta(html, 'property', 'og:url'), path).toBe(html.match(/<link rel="canonical" href="([^"]+)">/)?.[1]);
    expect(meta(html, 'property', 'og:title'), path).toBeTruthy();
    expect(meta(html, 'property', 'og:image'), path).toMatch(/^https?:\/\/.+\.png$/);
    expect(meta(html, 'name', 'twitter:card'), path).toBe('summary');
    expect(html.match(/<title>([^<]*)<\/title>/)?.[1], path).toContain(siteNames[locale]);
    for (const data of jsonLd(html)) expect(checkSchemaOrg(data), path).toEqual([]);
  }
});

test('structured data: the organization on home, courses with ECM credits in the catalogue, breadcrumbs', async ({ page }) => {
  await page.goto('/en-US');
  const home = jsonLd(await page.content());
  expect(home.map((data) => data['@type'])).toEqual(['Organization']);
  expect(home[0]).toMatchObject({ name: 'Tiles Healthcare Training' });

  await page.goto('/it-IT/catalogo-corsi/emergenza-urgenza');
  const [list, trail] = jsonLd(await page.content());
  for (const data of [list, trail]) expect(checkSchemaOrg(data)).toEqual([]);
  const items = (list?.itemListElement ?? []) as { item: Record<string, unknown> }[];
  await expect(page.getByTestId('course-card')).toHaveCount(items.length);
  for (const [index, card] of (await page.getByTestId('course-card').all()).entries()) {
    const course = items[index]?.item ?? {};
    await expect(card.getByRole('heading')).toHaveText(String(course.name));
    expect(course).toMatchObject({ '@type': 'Course', inLanguage: 'it-IT', provider: { '@type': 'Organization', name: 'Tiles Formazione Sanitaria' } });
    const credits = (await card.locator('dd').last().textContent()) ?? '';
    if (/\d/.test(credits)) expect((course.numberOfCredits as { value: number }).value).toBe(Number(credits.match(/[\d.,]+/)?.[0]?.replace(',', '.')));
    else expect(course.numberOfCredits).toBeUndefined();
  }
  expect((trail?.itemListElement as { name: string }[]).map((crumb) => crumb.name)).toEqual(['Home', 'Catalogo corsi', 'Emergenza e urgenza']);
  await expect(page.getByRole('navigation', { name: 'Sei qui' }).getByRole('link')).toHaveText(['Home', 'Catalogo corsi']);
});

test('a category with no course is there for people but offered to no search engine', async ({ request }) => {
  const sitemap = (await sitemapPaths(request)).map(({ path }) => path);
  const empty: Record<string, string> = {
    'it-IT': 'Nessun corso in questa categoria.',
    'en-US': 'No courses in this category.',
    'de-DE': 'Keine Kurse in dieser Kategorie.',
  };
  for (const [locale, message] of Object.entries(empty)) {
    const path = `/${locale}/catalogo-corsi-no-ecm/emergenza-urgenza`;
    const response = await request.get(path, { headers: BROWSER });
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html, path).toContain(message);
    expect(meta(html, 'name', 'robots'), path).toBe('noindex');
    expect(html, path).not.toContain('<link rel="alternate" hreflang=');
    expect(
      jsonLd(html).map((data) => data['@type']),
      path,
    ).not.toContain('ItemList');
    expect(sitemap, path).not.toContain(path);
    // The same category with its ECM courses is listed and indexable.
    const listed = `/${locale}/catalogo-corsi/emergenza-urgenza`;
    expect(sitemap, listed).toContain(listed);
    expect(meta(await (await request.get(listed, { headers: BROWSER })).text(), 'name', 'robots'), listed).toBeUndefined();
  }
});

test('the ECM and no-ECM pages of a category have different descriptions', async ({ request }) => {
  const description = async (path: string) => meta(await (await request.get(path)).text(), 'name', 'description');
  const ecm = await description('/it-IT/catalogo-corsi/comunicazione');
  const noEcm = await description('/it-IT/catalogo-corsi-no-ecm/comunicazione');
  expect(ecm).toBeTruthy();
  expect(noEcm).toContain('senza crediti ECM');
  expect(noEcm).not.toBe(ecm);
});

test('a trailing slash redirects permanently to the address without it; the API is left alone', async ({ request }) => {
  for (const [from, to] of [
    ['/it-IT/', '/it-IT'],
    ['/de-DE/chi-siamo/', '/de-DE/chi-siamo'],
    ['/en-US/catalogo-corsi/comunicazione/?x=1', '/en-US/catalogo-corsi/comunicazione?x=1'],
    ['/it-IT/profile/', '/it-IT/profile'],
    ['/tiles-access/', '/tiles-access'],
  ]) {
    const response = await request.get(from ?? '', { maxRedirects: 0 });
    expect(response.status(), from).toBe(308);
    expect(new URL(response.headers().location ?? '', 'http://x').pathname + new URL(response.headers().location ?? '', 'http://x').search, from).toBe(to);
  }
  const api = await request.get('/api/i18n/boilerplate/', { headers: { 'tiles-site-id': 'tiles-demo', 'tiles-locale-code': 'it-IT' }, maxRedirects: 0 });
  expect(api.status()).toBe(200);
});

test('a learning path links each of its courses and shows a signed-in learner how far along each is', async ({ page }) => {
  await page.goto('/it-IT/pf/percorso-infermieri');
  const courses = page.locator('.path-courses').getByTestId('course-card');
  await expect(courses).toHaveCount(5);
  await expect(courses.first().getByRole('link')).toHaveAttribute('href', '/it-IT/course/prevenzione-ica');
  await expect(page.getByTestId('path-progress').first()).toBeHidden();

  await signIn(page);
  await page.goto('/it-IT/pf/percorso-infermieri');
  // The demo learner finished the first two courses, half of BLS-D, and has not begun the last two.
  await expect(page.getByTestId('path-progress').nth(0)).toHaveText('5 di 5 sessioni completate');
  await expect(page.getByTestId('path-progress').nth(2)).toHaveText(/^\d di 4 sessioni completate$/);
  await expect(page.getByTestId('path-progress').nth(4)).toHaveText('Non ancora iniziato');
  await page.getByRole('link', { name: "BLS-D: rianimazione cardiopolmonare nell'adulto" }).click();
  await page.waitForURL(/\/it-IT\/course\/bls-d-adulto$/);
});
