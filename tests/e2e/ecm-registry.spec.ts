import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { validateReport } from '../ecm-registry.ts';
import { EDITOR, islandsReady, signIn, switchMode } from './helpers.ts';

const ECM = JSON.parse(readFileSync(new URL('../../seed/ecm.json', import.meta.url), 'utf8')) as { events: Record<string, { editions: number }> };
const headers = { 'tiles-site-id': 'tiles-demo', 'tiles-locale-code': 'it-IT' };

test("every edition of the demo's ECM courses has a registry report the schema accepts", async ({ page }) => {
  await signIn(page, EDITOR);
  let reports = 0;
  for (const [course, event] of Object.entries(ECM.events)) {
    const setup = await page.request.get(`/api/cms/ecm/${course}/editions`, { headers });
    const { editions } = ((await setup.json()) as { outcome: { editions: { number: number }[] } }).outcome;
    expect(editions.length, course).toBeGreaterThanOrEqual(event.editions);
    for (const { number } of editions) {
      const response = await page.request.get(`/api/cms/ecm/${course}/participants.xml?edition=${number}`, { headers });
      expect(response.status(), `${course} ${number}`).toBe(200);
      const verdict = validateReport(await response.body());
      expect(verdict, `${course} edition ${number}`).toEqual({ ok: true, messages: expect.stringContaining('validates') });
      reports++;
    }
  }
  expect(reports).toBe(Object.values(ECM.events).reduce((sum, event) => sum + event.editions, 0));
});

test('an editor sets up an edition on the ECM screen and downloads a registry report the schema accepts', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, EDITOR);
  await switchMode(page, 'Redazione (CMS)');
  await page.goto('/it-IT/course/prevenzione-ica');
  await islandsReady(page);
  const panel = page.getByTestId('cms-panel');
  const screen = panel.getByTestId('cms-ecm');
  await expect(screen.getByLabel('Codice evento (ID evento ECM)')).toHaveValue('7102-451201');
  const year = new Date().getFullYear();
  const deadline = new Date(Date.UTC(year, 11, 30) + 90 * 86_400_000).toISOString().slice(0, 10);
  // Days and credits as an Italian reader writes them ("1 gen 2026", "8"), not as the registry does.
  const day = (iso: string) => new Intl.DateTimeFormat('it-IT', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T12:00:00Z`));
  await expect(screen.getByTestId('cms-ecm-edition')).toHaveCount(1);
  await expect(screen.getByTestId('cms-ecm-edition').first()).toContainText(
    `Edizione 1 dal ${day(`${year}-01-01`)} al ${day(`${year}-12-30`)} · 8 crediti · 8 ore`,
  );
  await expect(screen.getByTestId('cms-ecm-edition').first()).toContainText(`In corso: il rapporto al registro va inviato entro il ${day(deadline)}.`);

  // A second edition next year: the registry's rules are checked and named.
  await screen.getByRole('button', { name: 'Nuova edizione' }).click();
  const form = screen.getByTestId('cms-ecm-edition-form');
  await form.getByLabel('Data di inizio', { exact: true }).fill(`${year + 1}-01-10`);
  await form.getByLabel('Data di fine', { exact: true }).fill(`${year + 2}-01-20`);
  await form.getByLabel('Ore', { exact: true }).fill('8');
  await form.getByLabel('Crediti', { exact: true }).fill('8');
  await form.getByLabel('Obiettivo formativo nazionale', { exact: true }).selectOption({ index: 6 });
  await form.getByRole('button', { name: "Salva l'edizione 2" }).click();
  await expect(form.getByRole('alert')).toHaveText('Scegli almeno una disciplina accreditata.');
  await form.getByRole('button', { name: 'Tutte le discipline' }).click();
  await expect(form.getByRole('group', { name: 'Discipline accreditate (scelte: 102)' })).toBeVisible();
  await form.getByRole('button', { name: "Salva l'edizione 2" }).click();
  await expect(form.getByRole('alert')).toHaveText(/^Operazione non riuscita: Un’edizione dura al massimo 365 giorni: questa ne dura 376\.$/);
  await form.getByLabel('Data di fine', { exact: true }).fill(`${year + 1}-06-30`);
  await form.getByRole('button', { name: "Salva l'edizione 2" }).click();
  await expect(form.getByRole('alert')).toHaveText(/I crediti si scrivono con una cifra decimale e il punto, fino a 50\.0/);
  await form.getByLabel('Crediti', { exact: true }).fill('8.0');
  await form.getByRole('button', { name: "Salva l'edizione 2" }).click();
  await expect(screen.getByRole('status').last()).toHaveText('Edizione salvata.');
  await expect(screen.getByTestId('cms-ecm-edition')).toHaveCount(2);
  await expect(screen.getByTestId('cms-ecm-edition').nth(1)).toContainText(
    `Edizione 2 dal ${day(`${year + 1}-01-10`)} al ${day(`${year + 1}-06-30`)} · 8 crediti · 8 ore`,
  );

  // The current edition: the demo learner was recruited by a sponsor.
  await screen.getByRole('button', { name: "Modifica l'edizione 1" }).click();
  await form.getByLabel('Partecipanti reclutati da uno sponsor', { exact: true }).fill('BNCGLI88C52F205X; Farmàco Italia S.p.A.');
  await form.getByRole('button', { name: "Salva l'edizione 1" }).click();
  await expect(screen.getByRole('status').last()).toHaveText('Edizione salvata.');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    screen.getByRole('link', { name: 'Rapporto XML per il registro (edizione 1)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('partecipanti-7102-451201-1.xml');
  const bytes = readFileSync(await download.path());
  const text = bytes.toString('latin1');
  expect(text).toContain('<?xml version="1.0" encoding="ISO-8859-1"?>');
  expect(text).toContain(
    `<evento cod_evento="7102-451201" cod_edi="1" cod_org="7102" cod_accr="000" data_ini="${year}-01-01" data_fine="${year}-12-30" crediti="8.0" ore="8"`,
  );
  expect(text).toContain(
    '<partecipante cod_fisc="BNCGLI88C52F205X" nome="Giulia" cognome="Bianchi" ruolo="P" lib_dip="D" part_reclutato="1" sponsor="Farmàco Italia S.p.A." cred_acq="8.0"',
  );
  expect(text).toContain('<professione cod_prof="14">');
  expect(text).toContain('<disciplina>085</disciplina>');
  expect(validateReport(bytes)).toEqual({ ok: true, messages: expect.stringContaining('validates') });
});

test('the provider is set on the ECM screen, not only by the seed', async ({ page }) => {
  await signIn(page, EDITOR);
  await switchMode(page, 'Redazione (CMS)');
  await page.goto('/it-IT/course/prevenzione-ica');
  await islandsReady(page);
  const provider = page.getByTestId('cms-ecm-provider');
  await expect(provider.getByLabel('Nome del provider')).toHaveValue('Tiles Formazione Sanitaria Srl');
  await expect(provider.getByLabel('Codice di accreditamento (3 cifre)')).toHaveValue('000');
  await expect(provider.getByText('Una firma è già salvata')).toBeVisible();
  await provider.getByLabel('Codice di accreditamento (3 cifre)', { exact: true }).fill('12');
  await provider.getByRole('button', { name: 'Salva il provider' }).click();
  await expect(provider.getByRole('alert')).toContainText('accreditationCode');
  // A signature over the 200 KB its label states is refused as soon as it is chosen, and not sent.
  await provider
    .getByLabel('Firma del legale rappresentante (PNG o JPEG, al massimo 200 KB)')
    .setInputFiles({ name: 'firma.png', mimeType: 'image/png', buffer: Buffer.alloc(250 * 1024, 1) });
  await expect(provider.getByRole('alert')).toHaveText('Il file supera il limite di 200 kB: scegline uno più piccolo.');
  await provider.getByLabel('Codice di accreditamento (3 cifre)', { exact: true }).fill('000');
  await provider.getByLabel('Legale rappresentante', { exact: true }).fill('Dott.ssa Maria Teresa Colombo');
  await provider.getByRole('button', { name: 'Salva il provider' }).click();
  await expect(provider.getByRole('status')).toHaveText('Provider salvato.');
});

test('the certificates list and the verification page the QR code opens fit a 390 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto('/it-IT/profile/ecm-credits');
  // The seeded certificate, and one more when the ECM journey ran on this server before this test.
  await expect(page.getByTestId('ecm-certificate-row').first()).toBeVisible();
  const width = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await width()).toBeLessThanOrEqual(390);
  // Each figure keeps its column's name as a label on the card.
  await expect(page.getByTestId('ecm-certificate-row').locator('td').first()).toHaveAttribute('data-label', 'Crediti');
  await expect(page.getByRole('link', { name: /Scarica l'attestato di/ }).first()).toBeVisible();
  const certificates = await page.request.get('/api/lms/certificates', { headers });
  const [seeded] = ((await certificates.json()) as { outcome: { code: string }[] }).outcome;
  for (const locale of ['it-IT', 'en-US', 'de-DE']) {
    await page.goto(`/${locale}/verifica-attestato/${seeded?.code ?? ''}`);
    await expect(page.getByTestId('verify-initials')).toHaveText('G. B.');
    expect(await width(), locale).toBeLessThanOrEqual(390);
  }
});
