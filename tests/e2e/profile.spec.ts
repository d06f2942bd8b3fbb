import { expect, test } from './fixtures.ts';
import { EDITOR, islandsReady, NEW_LEARNER, signIn } from './helpers.ts';

test('the demo learner sees four charts with their text alternatives, badges and levels', async ({ page }) => {
  await signIn(page);
  await page.goto('/it-IT/profile');
  const chartRequests: string[] = [];
  page.on('request', (request) => {
    if (/echarts|EChart/i.test(request.url())) chartRequests.push(request.url());
  });
  await page.goto('/it-IT/profile/user-progress');
  await expect(page.getByTestId('stats-total')).toHaveText(/^\d+ h \d+ min$/);
  await islandsReady(page);
  await expect(page.getByTestId('stats-busiest')).not.toHaveText('—');
  for (const id of ['by-day', 'by-device', 'by-hour', 'by-subject']) {
    const figure = page.getByTestId(`chart-${id}`);
    await expect(figure.locator('figcaption')).not.toBeEmpty();
    // Drawn on the server: there with the page, no activity or scrolling needed.
    await expect(figure.locator('svg').first()).toBeVisible();
    await figure.getByText('Mostra i dati del grafico').click();
    await expect(figure.getByRole('table')).toBeVisible();
    expect(await figure.getByRole('row').count()).toBeGreaterThan(1);
  }
  await expect(page.getByTestId('chart-by-day').getByRole('row')).toHaveCount(31);
  await expect(page.getByTestId('chart-by-hour').getByRole('row')).toHaveCount(25);
  await expect(page.getByTestId('chart-by-device')).toContainText('Windows');
  // No charting library reaches the browser: the SVG came with the HTML.
  expect(chartRequests).toEqual([]);

  await expect(page.getByTestId('level-card').first()).toContainText('livello');
  await expect(page.getByTestId('level-card').first()).toContainText('Rischio clinico');
  expect(await page.getByTestId('badge-earned').count()).toBeGreaterThan(0);
  expect(await page.getByTestId('badge-locked').count()).toBeGreaterThan(0);
  await expect(page.getByTestId('badge-earned').first()).toContainText('Ottenuto il');
});

test('ECharts is not loaded on pages without charts', async ({ page }) => {
  const chartRequests: string[] = [];
  page.on('request', (request) => {
    if (/echarts|EChart/i.test(request.url())) chartRequests.push(request.url());
  });
  await signIn(page);
  await page.goto('/it-IT/catalogo-corsi');
  await page.goto('/it-IT/profile/user-data');
  await islandsReady(page);
  expect(chartRequests).toEqual([]);
});

// A learner of the demo cohort whom no other test signs in as: nuovo.demo gets time on its pages
// from other specs (ecm.spec.ts, forms-no-js.spec.ts), which may run before this one on a server.
const NO_HISTORY = { code: 'ilaria.lombardo', password: 'Corsista-Demo-2026!' };

test('a learner without history sees empty states, not errors, and the way to a first course', async ({ page }) => {
  await signIn(page, NO_HISTORY);
  await page.goto('/it-IT/profile');
  await expect(page.getByText('Nessun livello ancora')).toBeVisible();
  const firstSteps = page.getByTestId('profile-first-steps');
  await expect(firstSteps.getByRole('link', { name: 'I miei corsi' })).toHaveAttribute('href', '/it-IT/profile/user-courses');
  await firstSteps.getByRole('link', { name: 'Sfoglia il catalogo' }).click();
  await expect(page).toHaveURL(/\/it-IT\/catalogo-corsi$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/it-IT/profile/user-progress');
  await expect(page.getByTestId('stats-total')).toHaveText('0 h 0 min');
  await expect(page.getByTestId('chart-empty')).toHaveCount(4);
  await expect(page.getByTestId('levels-empty')).toBeVisible();
  await expect(page.getByTestId('badge-earned')).toHaveCount(0);
  await expect(page.getByTestId('badge-locked')).toHaveCount(7);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('user data: a saved change persists, a refused one keeps the input and says why', async ({ page }) => {
  await signIn(page, NEW_LEARNER);
  await page.goto('/it-IT/profile/user-data');
  await islandsReady(page);
  await page.getByLabel('Cognome').fill('Verdi-Rossi');
  await page.getByLabel('Telefono').fill('+390612345678');
  await page.getByLabel('Femminile').check();
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByTestId('user-data-status')).toHaveText('Dati salvati.');
  await page.reload();
  await islandsReady(page);
  await expect(page.getByLabel('Cognome')).toHaveValue('Verdi-Rossi');
  await expect(page.getByLabel('Telefono')).toHaveValue('+390612345678');
  await expect(page.getByLabel('Femminile')).toBeChecked();

  await page.getByLabel('Indirizzo e-mail').fill('non-una-email');
  await page.getByLabel('Nome', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Inserisci un indirizzo e-mail valido')).toBeVisible();
  await expect(page.getByText('Campo obbligatorio')).toBeVisible();
  await expect(page.getByLabel('Indirizzo e-mail')).toHaveValue('non-una-email');
  await page.reload();
  await islandsReady(page);
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('Luca');
});

test('a new preferred language applies at once', async ({ page }) => {
  await signIn(page, NEW_LEARNER);
  await page.goto('/it-IT/profile/user-data');
  await islandsReady(page);
  await page.getByLabel('Lingua preferita').selectOption('en-US');
  await page.getByRole('button', { name: 'Salva' }).click();
  await page.waitForURL(/\/en-US\/profile\/user-data$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Personal data');
  await islandsReady(page);
  await page.getByLabel('Preferred language').selectOption('it-IT');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/it-IT\/profile\/user-data$/);
});

test('an editor switches to CMS mode and sees the CMS link; logout resets the mode', async ({ page }) => {
  await signIn(page, EDITOR);
  await page.goto('/it-IT/profile');
  const modes = page.getByTestId('mode-switch');
  await expect(modes).toBeVisible();
  await expect(page.getByTestId('mode-current')).toHaveText('Modalità attiva: Studente');
  await modes.getByLabel('Redazione (CMS)').check();
  await expect(page.getByTestId('mode-current')).toHaveText('Modalità attiva: Redazione (CMS)');
  await expect(page.getByTestId('cms-link')).toBeVisible();
  // Not the profile page it sits on: the home page, where CMS mode edits in place.
  await expect(page.getByTestId('cms-link')).toHaveAttribute('href', '/it-IT');
  await page.reload();
  await expect(page.getByTestId('mode-current')).toHaveText('Modalità attiva: Redazione (CMS)');
  await page.getByTestId('logout-link').click();
  await page.waitForURL(/\/it-IT$/);
  expect(await page.evaluate(() => sessionStorage.getItem('tiles-mode'))).toBeNull();
});

test('a learner has no mode switch', async ({ page }) => {
  await signIn(page);
  await page.goto('/it-IT/profile');
  await expect(page.getByTestId('profile-greeting')).toBeVisible();
  // Every island of the page has hydrated: a switch would be on the page by now.
  await islandsReady(page);
  await expect(page.getByTestId('mode-switch')).toHaveCount(0);
});

test('a tester switches to tester mode: a banner on every page, and /test shows build, user, mode and stores', async ({ page }) => {
  await signIn(page, { code: 'tester.demo', password: 'Tester-Demo-2026!' });
  await page.goto('/it-IT/profile');
  await page.getByTestId('mode-switch').getByLabel('Collaudo').check();
  await expect(page.getByText('Modalità collaudo attiva')).toBeVisible();
  await page.goto('/it-IT/catalogo-corsi');
  await expect(page.getByText('Modalità collaudo attiva')).toBeVisible();
  await page.goto('/test');
  await expect(page.getByTestId('test-build')).not.toBeEmpty();
  await expect(page.getByTestId('test-user')).toContainText('tester.demo');
  await expect(page.getByTestId('store-state')).toContainText('"mode": "tester"');
  await expect(page.getByTestId('store-state')).toContainText('"niceName": "Tiles Formazione Sanitaria"');
});

test('learners and visitors never reach /test', async ({ page }) => {
  expect((await page.goto('/test'))?.status()).toBe(404);
  await signIn(page);
  expect((await page.goto('/test'))?.status()).toBe(404);
});
