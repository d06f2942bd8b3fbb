import { expect, test, type Browser, type Page } from './fixtures.ts';
import { EDITOR, LEARNER, signIn } from './helpers.ts';

// The signed-in pages a learner opens most, with JavaScript turned off: what they came for is in
// the HTML, and the ECM fields are saved by a plain post.

async function signedInWithoutScripts(browser: Browser, user = LEARNER): Promise<Page> {
  const page = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await signIn(page, user);
  return page;
}

/** A field's message, found through the control's aria-describedby as assistive technology does. */
async function describedBy(page: Page, label: string): Promise<string> {
  const ids = (await page.getByLabel(label, { exact: true }).getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(ids.split(' ').map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join(' ');
}

test('without JavaScript a learner reads levels and badges, and saves the ECM fields with a plain post', async ({ browser }) => {
  const page = await signedInWithoutScripts(browser);
  await page.goto('/it-IT/profile/user-progress');
  await expect(page.getByRole('heading', { name: 'Badge', exact: true })).toBeVisible();
  expect(await page.getByTestId('level-card').count()).toBeGreaterThan(0);
  expect(await page.getByTestId('badge-earned').count()).toBeGreaterThan(0);
  await expect(page.getByText(/Caricamento/)).toHaveCount(0);

  // The readable copy of "my data" names badges, language and roles as the site does, not by id.
  await page.goto('/it-IT/profile/my-data/view');
  await expect(page.getByText(/^Badge Primo passo/)).toBeVisible();
  await expect(page.getByText('prima-sessione')).toHaveCount(0);
  await expect(page.getByRole('definition').filter({ hasText: /^Italiano$/ })).toHaveCount(1);

  await page.goto('/it-IT/profile/user-data');
  const form = page.getByTestId('ecm-profile-form');
  await expect(form.getByLabel('Codice fiscale')).toHaveValue('BNCGLI88C52F205X');
  await expect(form.getByLabel('Codice fiscale')).toBeEnabled();
  await expect(form.getByLabel('Rapporto di lavoro')).toHaveValue('D');
  const profession = await form.getByLabel('Professione').inputValue();
  const discipline = await form.getByLabel('Disciplina').inputValue();
  expect(profession).not.toBe('');
  expect(discipline).not.toBe('');

  // Without scripts the discipline list holds every profession's: one of another is refused at its
  // field, a code with a wrong check character at its own, both at once.
  const chosenProfession = (await form.getByLabel('Professione').locator('option:checked').textContent()) ?? '';
  const foreign = await form
    .getByLabel('Disciplina')
    .evaluate(
      (select, own) => [...select.querySelectorAll('optgroup')].find((group) => group.label !== own)?.querySelector('option')?.value ?? '',
      chosenProfession,
    );
  await form.getByLabel('Disciplina').selectOption(foreign);
  await form.getByLabel('Codice fiscale').fill('BNCGLI88C52F205Y');
  await form.getByLabel('Rapporto di lavoro').selectOption({ label: 'Libero professionista' });
  const refused = page.waitForResponse((response) => response.request().method() === 'POST');
  await form.getByRole('button', { name: 'Conferma i dati ECM' }).click();
  expect((await refused).status()).toBe(400);
  expect(await describedBy(page, 'Disciplina')).toContain('Questa disciplina non appartiene alla professione scelta');
  expect(await describedBy(page, 'Codice fiscale')).toContain('controlla le lettere e il carattere di controllo finale');
  await expect(form.getByLabel('Codice fiscale')).toHaveValue('BNCGLI88C52F205Y');
  await expect(form.getByLabel('Rapporto di lavoro')).toHaveValue('L');

  // Put back as they were: saved, the page comes back with the outcome (Post/Redirect/Get).
  await form.getByLabel('Disciplina').selectOption(discipline);
  await form.getByLabel('Codice fiscale').fill('BNCGLI88C52F205X');
  await form.getByLabel('Rapporto di lavoro').selectOption('D');
  const saved = page.waitForResponse((response) => response.request().method() === 'POST');
  await form.getByRole('button', { name: 'Conferma i dati ECM' }).click();
  expect((await saved).status()).toBe(303);
  await page.waitForURL(/\/it-IT\/profile\/user-data\?ecm-saved=1#ecm$/);
  await expect(form.getByTestId('ecm-profile-status')).toHaveText('Dati ECM salvati.');
  await expect(form.getByLabel('Disciplina')).toHaveValue(discipline);
  await page.context().close();

  // An editor's modes are the scripts' own: the profile says so instead of showing nothing.
  const editor = await signedInWithoutScripts(browser, EDITOR);
  await editor.goto('/it-IT/profile');
  await expect(editor.getByTestId('mode-switch')).toBeVisible();
  await expect(editor.getByTestId('mode-needs-script')).toHaveText('La redazione nella pagina e il collaudo funzionano con JavaScript attivo nel browser.');
  await expect(editor.getByTestId('mode-current')).toHaveText('Modalità attiva: Studente');
  await editor.context().close();
});

test('without JavaScript a learner completes a session with the page’s plain form; a SCORM session says it needs scripts', async ({ browser }) => {
  // A cohort learner with no progress: the journey writes none that other tests count.
  const page = await signedInWithoutScripts(browser, { code: 'gabriele.gentile', password: 'Corsista-Demo-2026!' });
  await page.goto('/it-IT/course/session/prevenzione-cadute/1/1');
  const before = (await page.getByTestId('player-progress').textContent()) ?? '';
  const posted = page.waitForResponse((response) => response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Segna come completata' }).click();
  expect((await posted).status()).toBe(303);
  await page.waitForURL(/\/it-IT\/course\/session\/prevenzione-cadute\/1\/1$/);
  await expect(page.getByTestId('session-completed')).toBeVisible();
  await expect(page.getByTestId('player-progress')).not.toHaveText(before);

  await page.goto('/it-IT/course/session/igiene-mani-scorm/1/1');
  await expect(page.getByTestId('scorm-needs-script')).toContainText('con JavaScript attivo nel browser');
  await page.context().close();
});
