// Chromium's PDF viewer is the full browser's own (an extension's frame): the headless shell every
// other test runs in has none, so this file's worker launches Debian's full Chromium.
import { FULL_CHROMIUM } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';
import { islandsReady, signIn, TESTER } from './helpers.ts';

test.use(FULL_CHROMIUM);

test("a document session shows its PDF inside the page: the PDF, and only it, may be framed by the site's own pages", async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/frame|Refused/i.test(message.text())) refused.push(message.text());
  });
  await signIn(page, TESTER);
  await page.goto('/it-IT/profile');
  const pdf = page.waitForResponse((response) => response.url().endsWith('/media/prevenzione-ica-2-2.pdf') && response.request().resourceType() !== 'fetch');
  const session = await page.goto('/it-IT/course/session/prevenzione-ica/2/2');
  await islandsReady(page);
  const frame = page.getByTestId('session-document');
  await expect(frame).toHaveAttribute('src', '/media/prevenzione-ica-2-2.pdf');
  const answer = await pdf;
  expect(answer.status()).toBe(200);
  const headers = await answer.allHeaders();
  expect(headers['content-type']).toBe('application/pdf');
  expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  // The page itself, and the other media, are still framed by no one.
  expect((await session?.allHeaders())?.['x-frame-options']).toBe('DENY');
  const video = await page.request.get('/media/lezione-introduzione.webm', { headers: { range: 'bytes=0-1' } });
  expect(video.headers()['x-frame-options']).toBe('DENY');
  expect(video.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  // Chromium shows it: the frame holds the PDF, not an error page, its PDF viewer (an extension's frame) runs, and nothing was refused.
  await expect.poll(() => page.frames().some((each) => each.url().endsWith('/media/prevenzione-ica-2-2.pdf'))).toBe(true);
  await expect.poll(() => page.frames().some((each) => each.url().startsWith('chrome-extension://'))).toBe(true);
  expect(refused).toEqual([]);
  await expect(page.getByTestId('document-download')).toHaveAttribute('href', '/media/prevenzione-ica-2-2.pdf');
});
