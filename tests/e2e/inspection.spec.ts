import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';

// The inspector reading what a learner did is in ecm.spec.ts, right after that learner's journey.
test('the inspection page is a 404 for a learner', async ({ page }) => {
  await signIn(page);
  const response = await page.goto('/it-IT/ispezione-ecm');
  expect(response?.status()).toBe(404);
});
