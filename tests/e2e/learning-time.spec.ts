import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';

const HEADERS = { 'tiles-site-id': 'tiles-demo', 'tiles-locale-code': 'it-IT' };

interface StatsOutcome {
  totalTimeSpent: number;
  timeSpentByDay: { label: string; data: number }[];
  timeSpentByHour: { label: string; data: number }[];
}

async function stats(page: Page): Promise<StatsOutcome> {
  const response = await page.request.get('/api/stats', { headers: HEADERS });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { outcome: { data: StatsOutcome } }).outcome.data;
}

const minutes = (items: { data: number }[]) => items.reduce((sum, item) => sum + item.data, 0);

/** Makes the tab hidden or visible again, as switching tabs or minimising the window does. */
async function setVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  await page.evaluate((next) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => next });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => next === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

test('learning time is the time pages were visible: router navigation, full load, reload, hidden tab, new tab, closed tab', async ({ page, context }) => {
  test.setTimeout(90_000);
  const claims: number[] = [];
  context.on('request', (request) => {
    if (request.url().endsWith('/api/event/hit')) claims.push(request.postDataJSON().subject.meta[0].value as number);
  });
  await signIn(page);
  await page.clock.install();
  await page.goto('/it-IT');
  await expect(page.getByRole('link', { name: 'Chi siamo' }).first()).toBeVisible();
  // Everything sent so far has landed: the home page's own time starts now.
  await page.waitForTimeout(1_000);
  const before = await stats(page);
  const claimedBefore = claims.length;
  let visible = 0;
  let shownAt = Date.now() - 1_000;

  // Client-router navigation.
  await page.waitForTimeout(2_000);
  await page.getByRole('link', { name: 'Chi siamo' }).first().click();
  await page.waitForURL(/\/it-IT\/chi-siamo$/);
  // Full page load, then a reload: the time of the page left is sent as it goes.
  await page.waitForTimeout(2_000);
  await page.goto('/it-IT/privacy');
  await page.waitForTimeout(2_000);
  await page.reload();
  await page.waitForTimeout(1_000);

  // Hidden for ten minutes of the page's clock: none of it counts.
  await setVisibility(page, 'hidden');
  visible += Date.now() - shownAt;
  await page.clock.fastForward('10:00');
  await page.waitForTimeout(500);
  await setVisibility(page, 'visible');
  shownAt = Date.now();
  await page.waitForTimeout(1_500);
  await setVisibility(page, 'hidden');
  visible += Date.now() - shownAt;

  // A new tab (its own identity), closed after a while: its time arrives as it closes.
  const tab = await context.newPage();
  await tab.goto('/it-IT/catalogo-corsi');
  const tabShownAt = Date.now();
  await tab.waitForTimeout(2_000);
  await tab.close({ runBeforeUnload: true });
  visible += Date.now() - tabShownAt;

  await expect.poll(async () => (await stats(page)).totalTimeSpent - before.totalTimeSpent, { timeout: 10_000 }).toBeGreaterThanOrEqual(visible - 2_000);
  const after = await stats(page);
  const added = after.totalTimeSpent - before.totalTimeSpent;
  expect(added).toBeLessThanOrEqual(visible + 2_000);
  // No hit claimed the hidden ten minutes.
  expect(Math.max(...claims.slice(claimedBefore))).toBeLessThan(10_000);
  // The daily and hourly roll-ups moved with the total (each figure is rounded to 0.1 min).
  expect(Math.abs((minutes(after.timeSpentByDay) - minutes(before.timeSpentByDay)) * 60_000 - added)).toBeLessThanOrEqual(6_000);
  expect(Math.abs((minutes(after.timeSpentByHour) - minutes(before.timeSpentByHour)) * 60_000 - added)).toBeLessThanOrEqual(6_000);
});
