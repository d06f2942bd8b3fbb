import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type BrowserContextOptions, type Page } from './fixtures.ts';
import { totalDuration } from '../../core/duration.ts';
import { LEARNER, signIn } from './helpers.ts';
import { checkSchemaOrg } from './schema-org.ts';

// A course address opened from a bookmark, an e-mail or a colleague's message (page.goto: a typed
// address, `Sec-Fetch-Site: none`) shows a visitor the course's public summary and the way to sign
// in and come back; its sessions and ECM page stay for learners.

type Texts = Record<string, string>;
interface SeedCourse {
  id: string;
  category: string;
  ecmCredits: number | null;
  title: Texts;
  description: Texts;
  modules: { title: Texts; sessions: { kind: string; duration: string; title: Texts; body: Texts }[] }[];
}
const seed = JSON.parse(readFileSync('seed/content/courses.json', 'utf8')) as { categories: { id: string; name: Texts }[]; courses: SeedCourse[] };
const seedCourse = (id: string) => seed.courses.find((course) => course.id === id) as SeedCourse;

const ECM_COURSE = seedCourse('prevenzione-ica');
const PATH = `/it-IT/course/${ECM_COURSE.id}`;
const TEXT_SESSION = `/it-IT/course/session/${ECM_COURSE.id}/1/1`;
const TEXT_SESSION_BODY = (ECM_COURSE.modules[0]?.sessions[0]?.body['it-IT'] ?? '').slice(0, 60);
const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36' };
const signInTo = (path: string) => `/tiles-access?returnTo=${encodeURIComponent(path)}`;

let addresses = 0;
/** A visitor's browser of its own; its sign-ins come from an address of their own (the throttle counts per address). */
async function visitor(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ ...options, extraHTTPHeaders: { 'cf-connecting-ip': `192.0.2.${++addresses}` } });
  return context.newPage();
}

async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** The summary as a visitor reads it: title, description, category, credits, duration, every module and session title, nothing more. */
async function expectSummary(page: Page, course: SeedCourse, locale: string, credits: string): Promise<void> {
  const summary = page.getByTestId('course-summary');
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(summary.getByRole('heading', { level: 1 })).toHaveText(course.title[locale] ?? '');
  await expect(summary.getByText(course.description[locale] ?? '')).toBeVisible();
  await expect(summary.getByText(seed.categories.find((category) => category.id === course.category)?.name[locale] ?? '', { exact: true })).toBeVisible();
  await expect(page.getByTestId('course-credits')).toHaveText(credits);
  await expect(page.getByTestId('course-duration')).toHaveText(
    totalDuration(course.modules.flatMap((module) => module.sessions.map((session) => session.duration))),
  );
  const modules = page.getByTestId('course-module');
  await expect(modules).toHaveCount(course.modules.length);
  for (const [index, module] of course.modules.entries()) {
    await expect(modules.nth(index).getByRole('heading', { level: 3 })).toContainText(module.title[locale] ?? '');
    await expect(modules.nth(index).getByRole('listitem')).toContainText(module.sessions.map((session) => session.title[locale] ?? ''));
  }
  // Titles only: no way into a session, no session's text.
  await expect(page.locator('a[href*="/course/session/"], a[href*="/course/ecm/"]')).toHaveCount(0);
  const html = await page.content();
  for (const session of course.modules.flatMap((module) => module.sessions)) expect(html).not.toContain((session.body[locale] ?? '').slice(0, 60));
}

for (const javaScriptEnabled of [true, false]) {
  for (const width of [1280, 390]) {
    test(`a visitor opening a course address sees its summary, signs in from it and lands on the course (${javaScriptEnabled ? 'with' : 'without'} JavaScript, ${width} px)`, async ({
      browser,
    }) => {
      const page = await visitor(browser, { javaScriptEnabled, viewport: { width, height: 900 } });
      const response = await page.goto(PATH);
      expect(response?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe(PATH);
      await expectSummary(page, ECM_COURSE, 'it-IT', '8 crediti ECM');
      await expectNoHorizontalOverflow(page);

      const signInLink = page.getByRole('link', { name: 'Accedi per seguire il corso' });
      await expect(signInLink).toHaveAttribute('href', signInTo(PATH));
      await signInLink.click();
      await page.waitForURL((url) => url.pathname === '/tiles-access' && url.searchParams.get('returnTo') === PATH);
      if (javaScriptEnabled) await expect(page.locator('#sign-in-form[data-ready]')).toHaveCount(1);
      await page.getByLabel('Codice utente').fill(LEARNER.code);
      await page.getByLabel('Password').fill(LEARNER.password);
      await page.getByRole('button', { name: 'Accedi' }).click();
      await page.waitForURL((url) => url.pathname === PATH);
      await expect(page.getByTestId('course-progress')).toBeVisible();
      await expect(page.getByTestId('course-summary')).toHaveCount(0);
      await expect(page.locator(`a[href="/it-IT/course/session/${ECM_COURSE.id}/1/1"]`)).toHaveCount(1);
      await expectNoHorizontalOverflow(page);
      await page.context().close();
    });
  }
}

test('the summary and its sign-in speak English and German, for a course without credits too', async ({ browser }) => {
  const course = seedCourse('prevenzione-cadute');
  for (const [locale, credits, button, signInTitle] of [
    ['en-US', 'No credits', 'Sign in to take the course', 'Sign in'],
    ['de-DE', 'Keine Punkte', 'Anmelden, um den Kurs zu belegen', 'Anmelden'],
  ] as const) {
    // Without JavaScript nothing remembers the locale: sign-in takes it from the page it returns to.
    const page = await visitor(browser, { javaScriptEnabled: false });
    const path = `/${locale}/course/${course.id}`;
    expect((await page.goto(path))?.status()).toBe(200);
    await expectSummary(page, course, locale, credits);
    await page.getByRole('link', { name: button }).click();
    await page.waitForURL((url) => url.pathname === '/tiles-access' && url.searchParams.get('returnTo') === path);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(signInTitle);
    await page.context().close();
  }
});

test("a visitor never gets a session's body or the ECM page: sign-in leads back to that exact session", async ({ browser, request }) => {
  for (const [path, headers] of [
    [TEXT_SESSION, BROWSER],
    [`/it-IT/course/ecm/${ECM_COURSE.id}`, BROWSER],
    // A crawler is a visitor too.
    [TEXT_SESSION, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }],
  ] as const) {
    const response = await request.get(path, { headers, maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers().location, path).toBe(signInTo(path));
    expect(await response.text(), path).not.toContain(TEXT_SESSION_BODY);
  }

  const page = await visitor(browser, { javaScriptEnabled: false });
  await page.goto(TEXT_SESSION);
  await page.waitForURL((url) => url.pathname === '/tiles-access' && url.searchParams.get('returnTo') === TEXT_SESSION);
  expect(await page.content()).not.toContain(TEXT_SESSION_BODY);
  await page.getByLabel('Codice utente').fill(LEARNER.code);
  await page.getByLabel('Password').fill(LEARNER.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.waitForURL((url) => url.pathname === TEXT_SESSION);
  await expect(page.getByText(TEXT_SESSION_BODY)).toBeVisible();
  await page.context().close();
});

test("the summary is a public page (canonical, hreflang, the course's structured data) that no cache serves to a learner", async ({ page, request }) => {
  const response = await request.get(PATH, { headers: BROWSER });
  expect(response.status()).toBe(200);
  // Stored by no one without asking again, and marked as depending on the cookie.
  expect(response.headers()['cache-control']).toBe('no-cache');
  expect(response.headers().vary?.toLowerCase()).toContain('cookie');
  const html = await response.text();
  expect(html).not.toContain('name="robots"');
  const canonical = html.match(/<link rel="canonical" href="([^"]+)">/)?.[1] ?? '';
  expect(new URL(canonical).pathname).toBe(PATH);
  const alternates = Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1], new URL(m[2] ?? '').pathname]),
  );
  expect(alternates).toEqual({
    'it-IT': PATH,
    'en-US': `/en-US/course/${ECM_COURSE.id}`,
    'de-DE': `/de-DE/course/${ECM_COURSE.id}`,
    'x-default': PATH,
  });
  const data = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1] ?? '') as Record<string, unknown>);
  for (const item of data) expect(checkSchemaOrg(item)).toEqual([]);
  expect(data.find((item) => item['@type'] === 'Course')).toMatchObject({
    name: ECM_COURSE.title['it-IT'],
    url: canonical,
    numberOfCredits: { value: ECM_COURSE.ecmCredits },
  });

  // Crawlers may read it (not the sessions) and find it in the sitemap.
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /*/course/session/');
  expect(robots).not.toMatch(/^Disallow: \/\*\/course\/$/m);
  expect(await (await request.get('/sitemap.xml')).text()).toContain(`${PATH}</loc>`);

  // The same address signed in: the learner's page, private and never stored.
  await signIn(page);
  const learner = await page.request.get(PATH);
  expect(learner.headers()['cache-control']).toBe('private, no-store');
  expect(await learner.text()).toContain('<meta name="robots" content="noindex">');
});
