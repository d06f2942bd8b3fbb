import { expect, test } from './fixtures.ts';
import { islandsReady, signIn, TESTER } from './helpers.ts';

// A learner of the demo cohort with no progress and no other journey: the tester account opens
// sessions in other files (document-frame.spec.ts), which would leave a course in progress here.
const FRESH_LEARNER = { code: 'silvia.mariani', password: 'Corsista-Demo-2026!' };

test('a learner opens a course, plays and completes its sessions, and sees progress and the archive change', async ({ page }) => {
  await signIn(page, FRESH_LEARNER);
  await page.goto('/it-IT/profile');
  await page.getByRole('navigation', { name: 'Area personale' }).getByRole('link', { name: 'Archivio corsi' }).click();
  await expect(page.getByText('Non hai ancora completato un corso.')).toBeVisible();

  // A course without ECM credits: its sessions ask for no study time (an ECM course's do: evidence.spec.ts).
  await page.goto('/it-IT/catalogo-corsi-no-ecm');
  const card = page.getByTestId('course-card').first();
  const title = (await card.getByRole('link').textContent())?.trim() ?? '';
  await card.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const total = await page.locator('.module li').count();
  await expect(page.getByTestId('course-progress')).toHaveText(`0 di ${total} sessioni completate`);

  await page.locator('.module a').first().click();
  await page.waitForURL(/\/course\/session\/[a-z0-9-]+\/1\/1$/);
  await islandsReady(page);
  await page.getByTestId('complete-session').click();
  await expect(page.getByTestId('session-completed')).toBeVisible();
  await expect(page.getByTestId('player-progress')).toHaveText(`1 di ${total} sessioni completate`);
  await expect(page.getByTestId('completion-rewards')).toContainText('Nuovo badge: Primo passo');

  await page.goto('/it-IT/profile/user-courses');
  await expect(page.getByTestId('learner-course')).toHaveCount(1);
  await expect(page.getByTestId('learner-course')).toContainText(title);

  // Finish the course: every remaining session, through the player's next links.
  await page.getByTestId('learner-course').getByRole('link').click();
  for (let i = 1; i < total; i++) {
    await page
      .locator('.module li')
      .filter({ hasNot: page.locator('.badge-done') })
      .first()
      .getByRole('link')
      .click();
    // The client router swaps pages: wait for the session page before waiting for its island.
    await page.waitForURL(/\/course\/session\//);
    await islandsReady(page);
    await page.getByTestId('complete-session').click();
    await expect(page.getByTestId('session-completed')).toBeVisible();
    await page.goBack();
    await page.reload();
  }
  await expect(page.getByTestId('course-progress')).toHaveText(`${total} di ${total} sessioni completate`);
  await page.goto('/it-IT/profile/user-archive');
  await expect(page.getByTestId('learner-course')).toContainText(title);
  await page.goto('/it-IT/profile/user-courses');
  await expect(page.getByText('Non hai corsi in corso.')).toBeVisible();
});

test('a session that does not exist is a 404 naming the page', async ({ page }) => {
  await signIn(page, TESTER);
  const response = await page.goto('/it-IT/course/session/triage-pronto-soccorso/9/9');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('error-message')).toHaveText('Page Not Found: /it-IT/course/session/triage-pronto-soccorso/9/9');
});

test('a video session plays the recorded lesson with captions in the page language, above its transcript', async ({ page }) => {
  await signIn(page, TESTER);
  await page.goto('/it-IT/course/session/prevenzione-ica/1/2');
  const video = page.getByTestId('session-video');
  await expect(video).toBeVisible();
  await expect(video).toHaveAttribute('src', '/media/lezione-introduzione.webm');
  await expect(video).toHaveAttribute('poster', '/media/lezione-introduzione.jpg');
  await expect(video.locator('track').first()).toHaveAttribute('src', '/media/lezione-introduzione.it-IT.vtt');
  // Each track is named by its language, in the page's language, as the player's captions menu lists it.
  const labels = () => video.locator('track').evaluateAll((tracks: HTMLTrackElement[]) => tracks.map((track) => track.label));
  expect(await labels()).toEqual(['Italiano', 'Inglese', 'Tedesco']);
  await expect(page.getByRole('heading', { name: 'Trascrizione' })).toBeVisible();
  // The private media load in the page with the learner's cookies: the video's metadata, and its captions (LOADED).
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(1);
  await expect
    .poll(() =>
      video
        .locator('track')
        .first()
        .evaluate((element: HTMLTrackElement) => element.readyState),
    )
    .toBe(2);
  // The declared length is the file's own.
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => Math.round(element.duration))).toBe(24);
  const media = await page.request.get('/media/lezione-introduzione.webm');
  expect(media.status()).toBe(200);
  expect(media.headers()['content-type']).toContain('video/webm');
  expect(media.headers()['cache-control']).toMatch(/^private, /);
  const range = await page.request.get('/media/lezione-introduzione.webm', { headers: { range: 'bytes=0-99' } });
  expect(range.status()).toBe(206);
  expect(range.headers()['content-range']).toMatch(/^bytes 0-99\/\d+$/);
  expect((await range.body()).length).toBe(100);
  expect(await page.evaluate(() => (document.querySelector('video') as HTMLVideoElement).canPlayType('video/webm; codecs="vp9"'))).not.toBe('');
  await page.goto('/de-DE/course/session/prevenzione-ica/1/2');
  await expect(video.locator('track').first()).toHaveAttribute('src', '/media/lezione-introduzione.de-DE.vtt');
  expect(await labels()).toEqual(['Deutsch', 'Italienisch', 'Englisch']);
});

test('course media are private: a visitor gets a plain 401 for the video and its captions', async ({ browser }) => {
  const visitor = await browser.newContext();
  for (const path of ['/media/lezione-introduzione.webm', '/media/lezione-introduzione.it-IT.vtt', '/media/prevenzione-ica-2-2.pdf']) {
    const response = await visitor.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(401);
    expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
    expect(response.headers()['cache-control']).toBe('no-store');
    expect(await response.text()).toBe('Sessione assente o scaduta: accedi di nuovo.');
  }
  await visitor.close();
});

test('every demo clip plays and seeks in the browser, MP4 and WebM, as long as its session declares', async ({ page }) => {
  await signIn(page, TESTER);
  for (const [path, seconds] of [
    ['prevenzione-ica/1/2', 24],
    ['prevenzione-ica/2/3', 36],
    ['sicurezza-terapia-farmacologica/1/2', 48],
    ['prevenzione-cadute/2/1', 30],
  ] as const) {
    await page.goto(`/it-IT/course/session/${path}`);
    const video = page.getByTestId('session-video');
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => Math.round(element.duration)), { message: path }).toBe(seconds);
    await expect(page.getByText(`0h 0m ${seconds}s`)).toBeVisible();
    // Seek past the middle and play: the frames there decode.
    const played = await video.evaluate(async (element: HTMLVideoElement, target: number) => {
      element.muted = true;
      element.currentTime = target;
      await new Promise((resolve) => element.addEventListener('seeked', resolve, { once: true }));
      await element.play();
      await new Promise((resolve) => element.addEventListener('timeupdate', resolve, { once: true }));
      element.pause();
      return { at: element.currentTime, error: element.error?.code ?? null };
    }, seconds - 5);
    expect(played.error, path).toBeNull();
    expect(played.at, path).toBeGreaterThanOrEqual(seconds - 5);
  }
});

test('a document session grows with its text: the download, the text and the progress never lie on top of each other, on a phone or a desktop', async ({
  page,
}) => {
  await signIn(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 700 });
    await page.goto('/it-IT/course/session/prevenzione-cadute/1/2');
    const section = page.getByRole('region', { name: 'Documento' });
    await expect(section.getByTestId('session-document')).toBeVisible();
    // Only the document's frame has a height of its own; the section around it holds its text in full.
    const { scroll, client } = await section.evaluate((element) => ({ scroll: element.scrollHeight, client: element.clientHeight }));
    expect(scroll, `at ${width} px`).toBeLessThanOrEqual(client + 1);
    const download = await section.getByTestId('document-download').boundingBox();
    const progress = await page.getByTestId('player-progress').boundingBox();
    expect(download!.y + download!.height, `at ${width} px`).toBeLessThanOrEqual(progress!.y);
  }
});
