import { expect, test, type Browser } from './fixtures.ts';
import { islandsReady, signIn } from './helpers.ts';

// An ECM session counts as done on evidence the server saw: here a 24-second video session, so the
// test waits for real seconds, as the learner does. At 1280 and 390 px, each with a learner of its
// own from the demo cohort, new to the course: the two play side by side, as two learners would,
// so the suite waits for those seconds once.
const SESSION = '/it-IT/course/session/prevenzione-ica/1/2';

test("at 1280 and 390 px a learner's completion waits for the video played through and the time spent on its page", async ({ browser }) => {
  test.setTimeout(90_000);
  await Promise.all([
    test.step('at 1280 px', () => learnerWatches(browser, 1280, 'camilla.longo')),
    test.step('at 390 px', () => learnerWatches(browser, 390, 'filippo.vitale')),
  ]);
});

async function learnerWatches(browser: Browser, width: number, code: string): Promise<void> {
  // Each from an address of its own: two sign-ins at once from one address, after another test's
  // failed one there, would meet the address's bot check (core/sign-in-throttle.ts), as it should.
  const context = await browser.newContext({ viewport: { width, height: 900 }, extraHTTPHeaders: { 'cf-connecting-ip': `198.18.64.${width % 256}` } });
  try {
    const page = await context.newPage();
    await signIn(page, { code, password: 'Corsista-Demo-2026!' });
    await page.goto(SESSION);
    await islandsReady(page);
    const evidence = page.getByTestId('session-evidence');
    await expect(evidence).toContainText('Tempo di studio su questa pagina: 0:');
    // 19.2 s required, rounded up as the refusal words what is missing.
    await expect(evidence).toContainText('su 0:20 richiesti');
    await expect(page.getByTestId('session-evidence-video')).toHaveText('Video guardato senza salti fino a 0:00 su 0:22');

    // Straight away: refused, saying what is missing.
    await page.getByTestId('complete-session').click();
    await expect(page.getByRole('alert')).toContainText(/^Questa sessione non è ancora completata: servono ancora 0 min (1?\d|20) s/);
    await expect(page.getByTestId('session-completed')).toHaveCount(0);

    // The learner plays the video to its end: the player reports its positions as it goes.
    const video = page.getByTestId('session-video');
    const ended = video.evaluate(
      (element: HTMLVideoElement) =>
        new Promise<void>((resolve) => {
          element.addEventListener('ended', () => resolve(), { once: true });
          element.muted = true;
          void element.play();
        }),
    );
    await ended;
    await expect(page.getByTestId('session-evidence-video')).toHaveText('Video guardato senza salti fino a 0:22 su 0:22');
    // The page's own count has passed the requirement as well.
    await expect(evidence.getByRole('progressbar')).toHaveJSProperty('value', 19_200);
    await page.getByTestId('complete-session').click();
    await expect(page.getByTestId('session-completed')).toBeVisible();
    await expect(page.getByTestId('completion-rewards')).toBeVisible();
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  } finally {
    await context.close();
  }
}
