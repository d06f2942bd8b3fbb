import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';

const AUDITOR = { code: 'ispettore.demo', password: 'Ispettore-Demo-2026!' };

// Runs after ecm.spec.ts, whose learner passed BLS-D and filled the questionnaire in with an anomaly.
for (const width of [1280, 390]) {
  test(`at ${width} px the inspector reads the questionnaire's totals and an anomaly, and downloads the learners' records`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, AUDITOR);
    await page.goto('/it-IT/ispezione-ecm');
    await page.getByLabel('Corso').selectOption({ label: "BLS-D: rianimazione cardiopolmonare nell'adulto" });
    await page.getByRole('button', { name: 'Mostra' }).click();
    await page.waitForURL(/corso=bls-d-adulto/);
    await expect(page.getByTestId('audit-questionnaire')).toHaveText(/^Questionario di gradimento: [1-9]\d* compilati$/);
    await expect(page.getByTestId('audit-chart')).toHaveCount(5);
    const time = page.getByTestId('audit-chart').filter({ hasText: 'rispetto alle ore previste' });
    await expect(time.getByRole('row', { name: /^Uguale/ }).getByRole('cell')).not.toHaveText('0');
    await expect(page.getByTestId('audit-anomalies')).toContainText('I sottotitoli del secondo video partono in ritardo.');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Registro di tracciamento dei partecipanti (CSV)' }).click(),
    ]);
    const csv = readFileSync(await download.path(), 'utf8');
    // The demo learner: tracked sessions with their times, the attempts, the questionnaire and the certificate.
    const learner = csv.split('\r\n').filter((line) => line.includes('"studente.demo"'));
    expect(learner.filter((line) => line.includes('"sessione"'))).toHaveLength(4);
    expect(learner.some((line) => line.includes('"tentativo"') && line.includes('"non superato"'))).toBe(true);
    expect(learner.some((line) => line.includes('"questionario"') && line.includes('"compilato"'))).toBe(true);
    expect(learner.some((line) => line.includes('"attestato"'))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // One edition: the files and the totals are that edition's.
    await page.getByLabel('Edizione').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Mostra' }).click();
    await page.waitForURL(/edizione=1/);
    await expect(page.getByLabel('Edizione')).toHaveValue('1');
    await expect(page.getByRole('link', { name: 'Registro di tracciamento dei partecipanti (CSV)' })).toHaveAttribute(
      'href',
      '/api/audit/ecm/bls-d-adulto/records.csv?edition=1',
    );
    await expect(page.getByTestId('audit-questionnaire')).toHaveText(/^Questionario di gradimento: \d+ compilati$/);
  });
}

test('the inspection page is a 404 for a learner', async ({ page }) => {
  await signIn(page);
  const response = await page.goto('/it-IT/ispezione-ecm');
  expect(response?.status()).toBe(404);
});
