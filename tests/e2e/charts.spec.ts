import { expect, test, type APIRequestContext } from './fixtures.ts';
import { islandsReady, LEARNER } from './helpers.ts';

/** Signs in through the API, so that a browser without JavaScript gets the session cookie too. */
async function signInByApi(request: APIRequestContext, baseURL: string | undefined): Promise<void> {
  const response = await request.post('/api/auth/login', {
    headers: { origin: baseURL ?? '', 'tiles-site-id': 'tiles-demo', 'tiles-locale-code': 'it-IT' },
    data: { cu: LEARNER.code, cp: LEARNER.password, ua: 'e2e' },
  });
  expect(response.ok()).toBe(true);
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the four charts are drawn in the HTML, with legends and data tables', async ({ page, baseURL }) => {
    await signInByApi(page.request, baseURL);
    await page.goto('/it-IT/profile/user-progress');
    await expect(page.getByText('Caricamento del grafico')).toHaveCount(0);
    for (const id of ['by-day', 'by-device', 'by-hour', 'by-subject']) {
      const drawing = page.getByTestId(`chart-${id}`).getByTestId('chart-drawing').locator('svg');
      await expect(drawing).toBeVisible();
      // A bar or slice per item with minutes: the drawing is there, not a placeholder.
      expect(await drawing.locator('[data-index]').count()).toBeGreaterThan(0);
      const box = await drawing.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThan(100);
    }
    // The busiest hour's bar is the tallest of the hour chart.
    const hourRows = page.getByTestId('chart-by-hour').locator('tbody tr');
    expect(await hourRows.count()).toBe(24);
    // Every slice of a pie is named in its legend, none paged away.
    for (const id of ['by-device', 'by-subject']) {
      const figure = page.getByTestId(`chart-${id}`);
      const rows = await figure.locator('tbody tr').count();
      await expect(figure.getByTestId('chart-legend').locator('li')).toHaveCount(rows);
      for (const item of await figure.getByTestId('chart-legend').locator('li').all()) await expect(item).toBeVisible();
    }
  });
});

test('tooltips and highlighting come after load and move nothing; legends and axis names fit at 375 px', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInByApi(page.request, baseURL);
  await page.goto('/it-IT/profile/user-progress');
  await islandsReady(page);
  const byDay = page.getByTestId('chart-by-day');
  await expect(byDay).toHaveAttribute('data-interactive', 'true');

  // The axis name ('min') lies inside the drawing, not cut off at its top.
  const svg = byDay.locator('svg');
  const svgBox = await svg.boundingBox();
  const nameBox = await svg.locator('text', { hasText: /^min$/ }).boundingBox();
  expect(nameBox && svgBox && nameBox.y >= svgBox.y).toBe(true);

  // Pointing at a bar shows its day and minutes, as the table says; the figure keeps its place and size.
  const pageBox = () =>
    byDay.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { x: box.x + window.scrollX, y: box.y + window.scrollY, width: box.width, height: box.height };
    });
  await byDay.scrollIntoViewIfNeeded();
  const before = await pageBox();
  // The day with the most minutes has the tallest bar.
  // Italian figures: a decimal comma (24,3).
  const minutes = (await byDay.locator('tbody td').allTextContents()).map((text) => Number(text.replace(',', '.')));
  const index = minutes.indexOf(Math.max(...minutes));
  await svg.locator(`[data-index="${index}"]`).hover();
  const tip = byDay.locator('.chart-tip');
  await expect(tip).toBeVisible();
  const row = byDay.locator('tbody tr').nth(index);
  await expect(tip).toHaveText(`${await row.locator('th').textContent()}: ${await row.locator('td').textContent()} min`);
  expect(await pageBox()).toEqual(before);
  await page.mouse.move(1, 1);
  await expect(tip).toBeHidden();

  // Pointing at a legend entry lights its slice.
  const devices = page.getByTestId('chart-by-device');
  await devices.getByTestId('chart-legend').locator('li').first().hover();
  await expect(devices.locator('svg [data-index="0"]')).toHaveClass(/is-active/);
  // Every legend entry lies whole within its figure at this width: nothing paged, nothing cut.
  const figureBox = await devices.boundingBox();
  for (const item of await page.locator('.chart-legend li').all()) {
    await expect(item).toBeVisible();
    const box = await item.boundingBox();
    expect(box && figureBox && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  }
});

test('badges are our own drawings, earned and locked told apart by shape', async ({ page, baseURL }) => {
  await signInByApi(page.request, baseURL);
  await page.goto('/it-IT/profile/user-progress');
  await islandsReady(page);
  const earned = page.getByTestId('badge-earned').first();
  const locked = page.getByTestId('badge-locked').first();
  await expect(earned.locator('svg.badge-art.is-earned')).toBeVisible();
  await expect(locked.locator('svg.badge-art.is-locked')).toBeVisible();
  // Locked: a dashed ring and a padlock; earned: a solid medal on ribbons.
  await expect(locked.locator('svg circle').first()).toHaveAttribute('stroke-dasharray', '4 3');
  await expect(locked.locator('svg rect')).toHaveCount(1);
  expect(await earned.locator('svg circle').first().getAttribute('stroke-dasharray')).toBeNull();
  // No emoji left for a system without an emoji font to show as empty boxes.
  const text = await page.locator('.badge-grid').innerText();
  expect(text).not.toMatch(/\p{Extended_Pictographic}/u);
  await page.goto('/it-IT/profile');
  await expect(page.locator('.badges svg.badge-art').first()).toBeVisible();
  expect(await page.locator('.badges').innerText()).not.toMatch(/\p{Extended_Pictographic}/u);
});

test('at 320 px (400 % zoom) every chart data table fits the page in every locale, the minutes whole', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await signInByApi(page.request, baseURL);
  for (const locale of ['it-IT', 'en-US', 'de-DE']) {
    await page.goto(`/${locale}/profile/user-progress`);
    await islandsReady(page);
    for (const id of ['by-day', 'by-device', 'by-hour', 'by-subject']) {
      const figure = page.getByTestId(`chart-${id}`);
      await figure.locator('summary').click();
      const table = figure.locator('table');
      await expect(table).toBeVisible();
      const figureBox = await figure.boundingBox();
      for (const cell of await table.locator('thead th, tbody td').all()) {
        const box = await cell.boundingBox();
        expect(box && figureBox && box.x >= figureBox.x && box.x + box.width <= figureBox.x + figureBox.width, `${locale} ${id}`).toBe(true);
      }
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth), locale).toBeLessThanOrEqual(320);
  }
});

test.describe('the period each figure covers, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the total says all time; every chart, its summary and its table say the last 30 days', async ({ page, baseURL }) => {
    await signInByApi(page.request, baseURL);
    for (const [locale, allTime, period] of [
      ['it-IT', 'Tempo totale di studio (da sempre)', /ultimi 30 giorni/i],
      ['en-US', 'Total learning time (all time)', /last 30 days/i],
      ['de-DE', 'Gesamte Lernzeit (seit Beginn)', /letzten? 30 Tage/i],
    ] as const) {
      await page.goto(`/${locale}/profile/user-progress`);
      await expect(page.locator('.stats-summary dt').first()).toHaveText(allTime);
      for (const id of ['by-day', 'by-device', 'by-hour', 'by-subject']) {
        const figure = page.getByTestId(`chart-${id}`);
        await expect(figure.getByRole('heading'), `${locale} ${id}`).toHaveText(period);
        await expect(figure.locator('figcaption p'), `${locale} ${id}`).toHaveText(period);
        await expect(figure.locator('table caption'), `${locale} ${id}`).toHaveText(period);
      }
    }
  });
});
