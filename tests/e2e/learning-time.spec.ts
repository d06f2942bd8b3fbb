import { expect, test, type Page } from './fixtures.ts';
import { countHitsSent, hitsAccepted, hitsWritten, letRealTimePass, signIn, trackHits } from './helpers.ts';

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
  const hits = trackHits(context);
  await countHitsSent(page);
  const acceptedBefore = await hitsAccepted(page);
  await signIn(page);
  await page.goto('/it-IT/profile');
  await page.clock.install();
  await page.goto('/it-IT');
  await expect(page.getByRole('link', { name: 'Chi siamo' }).first()).toBeVisible();
  // The home page's own time starts with its page-load hit; everything sent until then is written
  // before the statistics are read, so none of it counts as the time measured below.
  await expect.poll(() => hits.some((hit) => hit.path === '/it-IT')).toBe(true);
  let shownAt = hits.find((hit) => hit.path === '/it-IT')?.at ?? Date.now();
  await hitsWritten(page, acceptedBefore);
  const before = await stats(page);
  const claimedBefore = hits.length;
  let visible = 0;

  // The time spent on each page below is real: the server credits what it saw pass.
  // Client-router navigation.
  await letRealTimePass(2_000);
  await page.getByRole('link', { name: 'Chi siamo' }).first().click();
  await page.waitForURL(/\/it-IT\/chi-siamo$/);
  // Full page load, then a reload: the time of the page left is sent as it goes.
  await letRealTimePass(2_000);
  await page.goto('/it-IT/privacy');
  await letRealTimePass(2_000);
  await page.reload();
  await letRealTimePass(1_000);

  // Hidden for ten minutes of the page's clock, and half a second of real time: none of it counts.
  await setVisibility(page, 'hidden');
  visible += Date.now() - shownAt;
  await page.clock.fastForward('10:00');
  await letRealTimePass(500);
  await setVisibility(page, 'visible');
  shownAt = Date.now();
  await letRealTimePass(1_500);
  await setVisibility(page, 'hidden');
  visible += Date.now() - shownAt;

  // A new tab (its own identity), closed after a while: its time arrives as it closes.
  const tab = await context.newPage();
  await tab.goto('/it-IT/catalogo-corsi');
  const tabShownAt = Date.now();
  await letRealTimePass(2_000);
  await tab.close({ runBeforeUnload: true });
  visible += Date.now() - tabShownAt;

  await expect.poll(async () => (await stats(page)).totalTimeSpent - before.totalTimeSpent, { timeout: 10_000 }).toBeGreaterThanOrEqual(visible - 2_000);
  const after = await stats(page);
  const added = after.totalTimeSpent - before.totalTimeSpent;
  expect(added).toBeLessThanOrEqual(visible + 2_000);
  // No hit claimed the hidden ten minutes.
  expect(Math.max(...hits.slice(claimedBefore).map((hit) => hit.ms))).toBeLessThan(10_000);
  // The daily and hourly roll-ups moved with the total (each figure is rounded to 0.1 min).
  expect(Math.abs((minutes(after.timeSpentByDay) - minutes(before.timeSpentByDay)) * 60_000 - added)).toBeLessThanOrEqual(6_000);
  expect(Math.abs((minutes(after.timeSpentByHour) - minutes(before.timeSpentByHour)) * 60_000 - added)).toBeLessThanOrEqual(6_000);
});
