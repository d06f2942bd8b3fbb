import { expect, test } from './fixtures.ts';
import { countHitsSent, hitsAccepted, hitsWritten, islandsReady, signIn } from './helpers.ts';

// The demo learner has done the first module of the falls course (no other spec touches it): its
// next session, 2/1, is a video.
const COURSE = 'prevenzione-cadute';
const SESSION = `/it-IT/course/session/${COURSE}/2/1`;

test('a video resumes where the learner stopped, in another browser; profile and course offer "Continua"', async ({ browser }) => {
  const first = await browser.newContext();
  const page = await first.newPage();
  await signIn(page);
  await page.goto(SESSION);
  await islandsReady(page);
  const video = page.getByTestId('session-video');
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(1);
  // Watch a little, jump to 0:12 and pause: pausing writes the position at once.
  const saved = page.waitForResponse(
    (response) => response.url().endsWith(`/${COURSE}/session/2/1/position`) && response.request().postDataJSON()?.seconds === 12,
  );
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
    element.currentTime = 12;
    element.pause();
  });
  const response = await saved;
  expect(response.status()).toBe(200);
  expect((await response.json()).outcome.seconds).toBe(12);
  await first.close();

  // Another device: a new browser context, the same learner.
  const second = await browser.newContext();
  const other = await second.newPage();
  await signIn(other);
  await other.goto('/it-IT/profile');
  const resume = other.getByTestId('resume-card');
  await expect(resume).toContainText('Prevenzione delle cadute del paziente');
  await expect(resume).toContainText('Il video riparte da 0:12.');
  await other.getByTestId('profile-continue').click();
  await other.waitForURL(new RegExp(`${SESSION}$`));
  await islandsReady(other);
  const again = other.getByTestId('session-video');
  await expect.poll(() => again.evaluate((element: HTMLVideoElement) => Math.floor(element.currentTime))).toBe(12);

  // The course page leads to the same next session.
  await other.goto(`/it-IT/course/${COURSE}`);
  await expect(other.getByTestId('course-continue')).toHaveText('Continua');
  await expect(other.getByTestId('course-continue')).toHaveAttribute('href', SESSION);
  await second.close();
});

test('a learner who has not begun a course is offered to start it; positions are not kept for text sessions', async ({ page, baseURL }) => {
  await signIn(page);
  await page.goto('/it-IT/course/cybersecurity-sanita');
  await expect(page.getByTestId('course-continue')).toHaveText('Inizia il corso');
  await expect(page.getByTestId('course-continue')).toHaveAttribute('href', '/it-IT/course/session/cybersecurity-sanita/1/1');
  const refused = await page.request.put('/api/lms/course/cybersecurity-sanita/session/1/2/position', {
    headers: { origin: baseURL ?? '', 'tiles-site-id': 'tiles-demo', 'tiles-locale-code': 'it-IT' },
    data: { seconds: 30 },
  });
  expect(refused.status()).toBe(404);
  expect((await refused.json()).message).toBe('Sessione video non trovata: cybersecurity-sanita/1/2');
});

test('a course counts as started from its first visit: "My courses" lists it and the profile resumes at the session visited last', async ({ page }) => {
  // A cohort learner no other journey signs in, with nothing done in this course.
  await signIn(page, { code: 'tommaso.galli', password: 'Corsista-Demo-2026!' });
  await countHitsSent(page);
  const before = await hitsAccepted(page);
  // Straight to the second module's text, read for a moment and left: nothing completed.
  await page.goto('/it-IT/course/session/cybersecurity-sanita/2/1');
  await islandsReady(page);
  await page.waitForTimeout(1500);
  await page.goto('/it-IT/profile/user-courses');
  await hitsWritten(page, before);

  await page.reload();
  const listed = page.getByTestId('learner-course');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('Sicurezza informatica per operatori sanitari');
  await expect(listed).toContainText('0 di 4 sessioni completate');
  await page.goto('/it-IT/profile');
  await expect(page.getByTestId('resume-card')).toContainText('Password e autenticazione a più fattori');
  await expect(page.getByTestId('profile-continue')).toHaveAttribute('href', '/it-IT/course/session/cybersecurity-sanita/2/1');
});
