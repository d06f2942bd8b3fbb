// The browser tests' `test`: Playwright's, with each worker sent to a server of its own (its own
// database, from one seed and one build: scripts/e2e-servers.mjs), so that two workers never see
// each other's writes. Specs import `test` and `expect` from here, and Playwright's types as ever.
import { test as base } from '@playwright/test';
import { appOrigin } from '../../playwright.config.ts';

export * from '@playwright/test';

export const test = base.extend({
  baseURL: async ({}, use, testInfo) => {
    await use(appOrigin(testInfo.parallelIndex));
  },
});

/** The port of the server the running test talks to, as a string (a URL's `port`). */
export const appPort = (): string => new URL(appOrigin(test.info().parallelIndex)).port;
