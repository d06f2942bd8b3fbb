import { expect, test, type Locator, type Page } from './fixtures.ts';
import { islandsReady, LEARNER } from './helpers.ts';

/** Presses Tab until the element has the focus, as a keyboard user would; fails if it never does. */
async function tabTo(page: Page, target: Locator, limit = 120): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

test("keyboard only: sign in, open a course, play and complete a session, open a chart's data table", async ({ page }) => {
  await page.goto('/it-IT');
  await tabTo(page, page.getByTestId('sign-in-link'));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/tiles-access\?returnTo=%2Fit-IT%2Fprofile$/);
  await islandsReady(page);
  await tabTo(page, page.getByLabel('Codice utente'));
  await page.keyboard.type(LEARNER.code);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(LEARNER.password);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/it-IT\/profile$/);

  await tabTo(page, page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Catalogo corsi' }));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/catalogo-corsi$/);
  await tabTo(page, page.locator('a[href="/it-IT/course/gdpr-dati-sanitari"]'));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/course\/gdpr-dati-sanitari$/);
  await tabTo(page, page.getByTestId('course-continue'));
  await expect(page.getByTestId('course-continue')).toHaveAttribute('href', '/it-IT/course/session/gdpr-dati-sanitari/1/1');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/session\/gdpr-dati-sanitari\/1\/1$/);
  await islandsReady(page);
  await tabTo(page, page.getByRole('button', { name: 'Segna come completata' }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('session-completed')).toHaveText('✓ Sessione completata');
  await expect(page.getByTestId('session-completed')).toBeFocused();

  await page.goto('/it-IT/profile/user-progress');
  const figure = page.getByTestId('chart-by-day');
  await tabTo(page, figure.getByText('Mostra i dati del grafico'));
  // The first key pressed starts the (decorative) charts.
  await expect(figure.locator('svg').first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(figure.getByRole('table')).toBeVisible();
  // Focus is always visible: the focused summary draws the focus ring.
  const outline = await figure.locator('summary').evaluate((element) => getComputedStyle(element).outlineStyle);
  expect(outline).not.toBe('none');
});
