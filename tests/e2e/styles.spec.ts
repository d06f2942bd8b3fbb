import { expect, test, type Page } from './fixtures.ts';
import { islandsReady, signIn } from './helpers.ts';

const LAYERS = ['reset', 'tokens', 'base', 'components', 'utilities'];

/** The cascade layers in the order the page's style sheets first name them (the order that decides). */
function layerOrder(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const names: string[] = [];
    const walk = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSLayerStatementRule) names.push(...rule.nameList);
        else if (rule instanceof CSSLayerBlockRule) names.push(rule.name);
        else if (rule instanceof CSSImportRule && rule.styleSheet) walk(rule.styleSheet.cssRules);
        else if (rule instanceof CSSMediaRule || rule instanceof CSSSupportsRule) walk(rule.cssRules);
      }
    };
    for (const sheet of document.styleSheets) walk(sheet.cssRules);
    return [...new Set(names)];
  });
}

/** The text controls' look: filled, underlined, rounded on top (docs/PRODUCT.md). */
async function controlLook(page: Page, selector: string) {
  return page.locator(selector).evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      background: style.backgroundColor,
      border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
      underline: `${style.borderBottomWidth} ${style.borderBottomStyle} ${style.borderBottomColor}`,
      radius: [style.borderTopLeftRadius, style.borderTopRightRadius, style.borderBottomRightRadius, style.borderBottomLeftRadius].join(' '),
      font: style.fontFamily,
    };
  });
}

const LOOK = {
  background: 'rgb(238, 243, 248)',
  border: '1px solid rgb(197, 211, 224)',
  underline: '2px solid rgb(74, 91, 108)',
  radius: '10px 10px 0px 0px',
};

test('every page template declares the cascade layers in one order, also after a client-side navigation', async ({ page }) => {
  for (const path of [
    '/it-IT',
    '/it-IT/catalogo-corsi',
    '/it-IT/course/triage-pronto-soccorso',
    '/it-IT/assistenza',
    '/tiles-access',
    '/it-IT/pagina-inesistente',
  ]) {
    await page.goto(path);
    expect(
      (await layerOrder(page)).filter((name) => LAYERS.includes(name)),
      path,
    ).toEqual(LAYERS);
  }
  // Through the client router: the catalogue's own style sheets arrive after the home page's.
  await page.goto('/it-IT');
  await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Catalogo corsi' }).click();
  await page.waitForURL(/\/catalogo-corsi$/);
  expect((await layerOrder(page)).filter((name) => LAYERS.includes(name))).toEqual(LAYERS);
  // The catalogue's own components are styled after the swap.
  await expect(page.getByTestId('course-card').first()).toHaveCSS('border-top-width', '1px');

  await signIn(page);
  for (const path of ['/it-IT/profile', '/it-IT/profile/user-progress', '/it-IT/course/session/triage-pronto-soccorso/1/1']) {
    await page.goto(path);
    await islandsReady(page);
    expect(
      (await layerOrder(page)).filter((name) => LAYERS.includes(name)),
      path,
    ).toEqual(LAYERS);
  }
});

test('text controls look the same on every form, each place keeping its padding', async ({ page }) => {
  await page.goto('/it-IT/catalogo-corsi');
  expect(await controlLook(page, '#catalogue-q')).toMatchObject(LOOK);
  await expect(page.locator('#catalogue-q')).toHaveCSS('padding-top', '8.8px');
  await page.goto('/tiles-access');
  expect(await controlLook(page, '#sign-in-code')).toMatchObject(LOOK);
  await expect(page.locator('#sign-in-code')).toHaveCSS('padding-top', '9.6px');
  await page.goto('/it-IT/assistenza');
  const message = page.locator('.support-form textarea');
  expect(await controlLook(page, '.support-form textarea')).toMatchObject(LOOK);
  await expect(message).toHaveCSS('padding-top', '9.6px');
  // An invalid field says so by its underline too, not by colour alone (its message is text).
  await page.getByRole('button', { name: 'Invia richiesta' }).click();
  await expect(message).toHaveAttribute('aria-invalid', 'true');
  await expect(message).toHaveCSS('border-bottom-color', 'rgb(179, 38, 30)');
});
