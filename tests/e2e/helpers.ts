import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { appOrigin, E2E_BUILD_WORKER_TOKEN } from '../../playwright.config.ts';

export const LEARNER = { code: 'studente.demo', password: 'Studente-Demo-2026!' };

/** Waits until every island of the page has hydrated (no `ssr` attribute left). */
export async function islandsReady(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/** A learner with no history: the empty-state tests rely on it staying so. */
export const NEW_LEARNER = { code: 'nuovo.demo', password: 'Nuovo-Demo-2026!' };
/** A tester, also without demo history: the player and sign-in tests write with it instead of nuovo.demo. */
export const TESTER = { code: 'tester.demo', password: 'Tester-Demo-2026!' };
export const EDITOR = { code: 'editor.demo', password: 'Editor-Demo-2026!' };

/**
 * Signs `user` in through the form, as a person does, and waits for the profile it leads to. The
 * form's own journeys (auth.spec.ts) use this; a test that only needs someone signed in uses signIn.
 */
export async function signInThroughForm(page: Page, user: { code: string; password: string } = LEARNER): Promise<void> {
  await page.goto('/tiles-access');
  // The plain form works before its script runs too; waiting for it keeps every run the same.
  await expect(page.locator('#sign-in-form[data-ready]')).toHaveCount(1);
  await page.getByLabel('Codice utente').fill(user.code);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.waitForURL(/\/it-IT\/profile$/);
}

/**
 * Signs `user` in with the call the sign-in form makes, in the page's browser context (whose
 * cookies the call's answer sets), without loading the form and the profile: two pages fewer for
 * each of the suite's hundred sign-ins. The page stays where it was (a new one: blank).
 */
export async function signIn(page: Page, user: { code: string; password: string } = LEARNER): Promise<void> {
  const response = await page.request.post(`${appOrigin(test.info().parallelIndex)}/api/auth/login`, {
    headers: apiHeaders(),
    data: { cu: user.code, cp: user.password, ua: 'Tiles browser tests' },
  });
  expect(response.status(), `${user.code} signs in: ${await response.text()}`).toBe(200);
}

/**
 * The headers the site's own scripts send with an API call: its site and locale, and the Origin a
 * browser adds to every fetch (Astro refuses a POST without a same-site one).
 */
export function apiHeaders(): Record<string, string> {
  return { 'tiles-site-id': 'tiles-demo', 'tiles-locale-code': 'it-IT', origin: appOrigin(test.info().parallelIndex) };
}

/**
 * Drops every draft on this worker's server, with the rights of the editor signed in on `page`. The
 * publish journeys count the server's drafts: a test that saves one calls this when it ends, passed
 * or not (afterEach), so a failure stays its own and does not fail the journeys after it.
 */
export async function dropDrafts(page: Page): Promise<void> {
  const base = appOrigin(test.info().parallelIndex);
  const response = await page.request.get(`${base}/api/cms/drafts`, { headers: apiHeaders() });
  expect(response.status()).toBe(200);
  for (const { kind, locale, key } of (await response.json()).outcome as { kind: string; locale: string; key: string }[]) {
    const dropped = await page.request.delete(`${base}/api/cms/documents/${kind}/${locale}/${encodeURIComponent(key)}`, { headers: apiHeaders() });
    expect(dropped.status(), `${kind} ${locale} ${key}`).toBe(200);
  }
}

/** Drops every draft on this worker's server as the demo editor, in a browser context of its own. */
export async function dropDraftsAsEditor(browser: Browser): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, EDITOR);
  await dropDrafts(page);
  await context.close();
}

/** Switches the tab's mode on the profile page, as an editor or tester does. */
export async function switchMode(page: Page, mode: 'Redazione (CMS)' | 'Collaudo'): Promise<void> {
  if (!/\/profile$/.test(page.url())) await page.goto('/it-IT/profile');
  await islandsReady(page);
  await page.getByTestId('mode-switch').getByLabel(mode).check();
}

/**
 * Opens the CMS panel's section whose summary names `name`, and waits until it is open. A click on a
 * summary only toggles its `<details>`, and the panel may draw it again as its data arrive: so the
 * click is made while the section is closed, until it stays open.
 */
export async function openPanelSection(page: Page, name: string): Promise<void> {
  const section = page
    .getByTestId('cms-panel')
    .locator('details.cms-document')
    .filter({ has: page.locator('summary', { hasText: name }) });
  await expect(async () => {
    if ((await section.getAttribute('open')) === null) await section.locator('summary').first().click();
    await expect(section).toHaveAttribute('open', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** Waits until the bot-check widget on the page has solved its challenge. */
export async function botCheckSolved(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => (document.querySelector('altcha-widget') as (Element & { getState?: () => string }) | null)?.getState?.()), {
      timeout: 30_000,
    })
    .toBe('verified');
}

/** The support requests as an editor reads them in CMS mode, in a browser context of their own. */
export async function supportRequestsAsEditor(browser: Browser): Promise<Locator> {
  const editor = await (await browser.newContext()).newPage();
  await signIn(editor, EDITOR);
  await switchMode(editor, 'Redazione (CMS)');
  await editor.goto('/it-IT/assistenza');
  return editor.getByTestId('cms-support');
}

/**
 * Lets real time pass, for what is measured in real time only: a page's visible time is what the
 * browser's clock saw pass, and the server credits a hit with at most the time it saw pass since
 * the tab's previous hit, so a test of learning time has to spend the time it claims. Never a way
 * to wait for something to happen: wait for its element, response or event instead.
 */
export async function letRealTimePass(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** The page hits a browser context sent, as Playwright sees them leave: path, claimed ms and when. */
export function trackHits(context: BrowserContext): { path: string; ms: number; at: number }[] {
  const sent: { path: string; ms: number; at: number }[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/api/event/hit') return;
    const body = request.postDataJSON() as { subject: { id: string; meta: { value: number }[] } };
    sent.push({ path: body.subject.id, ms: body.subject.meta[0]?.value ?? 0, at: Date.now() });
  });
  return sent;
}

const HITS_SENT_KEY = 'e2e-hits-sent';

/**
 * Makes the page count the hits its tab sends, in sessionStorage, which outlives the tab's
 * navigations. Playwright does not see every hit: one sent (keepalive) by a page being left is
 * gone with that page.
 */
export async function countHitsSent(page: Page): Promise<void> {
  await page.addInitScript((key) => {
    const send = window.fetch;
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (new URL(url, location.href).pathname === '/api/event/hit') sessionStorage.setItem(key, String(Number(sessionStorage.getItem(key) ?? 0) + 1));
      return send(input, init);
    };
  }, HITS_SENT_KEY);
}

/** The Worker's hit writer: hits it accepted since it started, and those not yet written to D1. */
async function hitWriter(page: Page): Promise<{ accepted: number; unwritten: number }> {
  const response = await page.request.get('/api/event/hit/writer', { headers: { 'x-build-worker': E2E_BUILD_WORKER_TOKEN } });
  expect(response.status()).toBe(200);
  const { outcome } = (await response.json()) as { outcome: { backlog: number | null; pending: number; consuming: number; written: { hits: number } } };
  return { accepted: outcome.written.hits + outcome.pending, unwritten: outcome.pending + outcome.consuming + (outcome.backlog ?? 0) };
}

/** Hits the Worker has accepted since it started, once it has written them all. */
export async function hitsAccepted(page: Page): Promise<number> {
  let writer = await hitWriter(page);
  await expect.poll(async () => (writer = await hitWriter(page)).unwritten).toBe(0);
  return writer.accepted;
}

/**
 * Waits until every hit the page's tab sent (countHitsSent) has reached the Worker and is written
 * to D1: from then on the statistics hold them. `acceptedBefore` is hitsAccepted before the tab's first hit.
 */
export async function hitsWritten(page: Page, acceptedBefore: number): Promise<void> {
  await expect
    .poll(async () => {
      const sent = await page.evaluate((key) => Number(sessionStorage.getItem(key) ?? 0), HITS_SENT_KEY);
      const { accepted, unwritten } = await hitWriter(page);
      return { unreceived: sent - (accepted - acceptedBefore), unwritten };
    })
    .toEqual({ unreceived: 0, unwritten: 0 });
}

/** Pastes HTML into an editable element, as the browser does when a person pastes what Word or Google Docs copied. */
export async function pasteHtml(target: Locator, html: string): Promise<void> {
  await target.evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData('text/html', pasted);
    data.setData('text/plain', new DOMParser().parseFromString(pasted, 'text/html').body.textContent ?? '');
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, html);
}
