import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';

test.describe('the header on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const path of ['/it-IT', '/it-IT/catalogo-corsi', '/de-DE/chi-siamo']) {
    test(`takes less than 80 px on ${path}, the menu opening from the keyboard with the language switch inside`, async ({ page }) => {
      await page.goto(path);
      const header = page.locator('header.site-header');
      expect((await header.boundingBox())?.height).toBeLessThan(80);
      const language = page.getByRole('navigation', { name: /Lingua|Language|Sprache/ });
      await expect(language).toBeHidden();
      // Keyboard only: the menu button is the second stop after the skip link and the logo.
      const menu = page.locator('.site-menu > summary');
      await menu.focus();
      await expect(menu).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(language).toBeVisible();
      await expect(page.locator('.site-menu')).toHaveAttribute('open', '');
      // The header keeps its height: the menu opens over the page, not by pushing it down.
      expect((await header.boundingBox())?.height).toBeLessThan(80);
      await page.keyboard.press('Tab');
      await expect(
        page
          .getByRole('navigation', { name: /Menu principale|Main menu|Hauptmenü/ })
          .getByRole('link')
          .first(),
      ).toBeFocused();
      // Escape closes it, the focus back on its button.
      await page.keyboard.press('Escape');
      await expect(page.locator('.site-menu')).not.toHaveAttribute('open');
      await expect(menu).toBeFocused();
      // Opened again, the focus moving on past its last link closes it too.
      await page.keyboard.press('Enter');
      const last = page.locator('.site-menu-panel a, .site-menu-panel button').last();
      await last.focus();
      await page.keyboard.press('Tab');
      await expect(page.locator('.site-menu')).not.toHaveAttribute('open');
    });
  }

  test('works without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await page.goto('/it-IT');
    await page.locator('.site-menu > summary').click();
    await page
      .getByRole('navigation', { name: 'Lingua' })
      .getByRole('link', { name: /English/ })
      .click();
    await expect(page).toHaveURL(/\/en-US$/);
    await context.close();
  });

  test('a signed-in learner finds profile and Esci in the menu', async ({ page }) => {
    await signIn(page);
    await page.goto('/it-IT/catalogo-corsi');
    await page.locator('.site-menu > summary').click();
    await expect(page.getByTestId('profile-link')).toBeVisible();
    await expect(page.getByTestId('logout-link')).toBeVisible();
  });
});

test('German pages fit 320 and 390 px, header and menu included, signed in or not: long compounds wrap', async ({ browser }) => {
  for (const signedIn of [false, true]) {
    for (const width of [320, 390]) {
      const page = await (await browser.newContext({ viewport: { width, height: 740 } })).newPage();
      if (signedIn) await signIn(page, { code: 'segreteria.demo', password: 'Segreteria-Demo-2026!' });
      for (const path of ['/de-DE', '/de-DE/catalogo-corsi', '/de-DE/profile']) {
        await page.goto(path);
        const fits = () => page.evaluate(() => document.documentElement.scrollWidth);
        expect(await fits(), `${path} at ${width} px`).toBeLessThanOrEqual(width);
        await page.locator('.site-menu > summary').click();
        expect(await fits(), `${path} at ${width} px, menu open`).toBeLessThanOrEqual(width);
      }
      await page.context().close();
    }
  }
});

test('on a wide screen the links and the language switch show without opening anything', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/it-IT');
  await expect(page.locator('.site-menu > summary')).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Catalogo corsi' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Lingua' })).toBeVisible();
});

test("the logo's link reads the site's name in the page's language, pre-rendered or not", async ({ page }) => {
  for (const [path, name] of [
    ['/it-IT', 'Tiles Formazione Sanitaria'],
    ['/en-US/chi-siamo', 'Tiles Healthcare Training'],
    ['/de-DE/catalogo-corsi', 'Tiles Gesundheitsfortbildung'],
    ['/en-US/course/bls-d-adulto', 'Tiles Healthcare Training'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('header.site-header img').first(), path).toHaveAttribute('alt', name);
  }
});
