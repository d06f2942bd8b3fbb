import { expect, type Browser, type Locator, type Page } from '@playwright/test';

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

export async function signIn(page: Page, user: { code: string; password: string } = LEARNER): Promise<void> {
  await page.goto('/tiles-access');
  // The plain form works before its script runs too; waiting for it keeps every run the same.
  await expect(page.locator('#sign-in-form[data-ready]')).toHaveCount(1);
  await page.getByLabel('Codice utente').fill(user.code);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.waitForURL(/\/it-IT\/profile$/);
}

/** Switches the tab's mode on the profile page, as an editor or tester does. */
export async function switchMode(page: Page, mode: 'Redazione (CMS)' | 'Collaudo'): Promise<void> {
  await islandsReady(page);
  await page.getByTestId('mode-switch').getByLabel(mode).check();
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
