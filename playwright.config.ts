import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4399);
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 4398);
/** Where the tests' server builds: never dist/, which a running `npm start` serves from. */
export const E2E_OUT_DIR = '.wrangler/e2e-dist';
/** The tests' server's build-worker secret: a test asks the hit writer when every queued hit is in D1. */
export const E2E_BUILD_WORKER_TOKEN = 'e2e-build-worker-token-0123456789abcdef';

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: [
    // A real OpenID Connect provider on loopback, configured below as the 'medikey' provider.
    {
      command: 'node tests/e2e/oidc-provider.mjs',
      url: `http://localhost:${OIDC_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      stdout: 'ignore',
      env: { OIDC_PORT: String(OIDC_PORT), APP_ORIGIN: `http://localhost:${PORT}` },
    },
    // A fresh, separately stored database and a build of its own: the tests never touch the
    // database `npm start` uses, nor rebuild the dist/ it serves from.
    {
      command: 'node scripts/start.mjs',
      url: `http://localhost:${PORT}/it-IT`,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        TILES_STATE_DIR: '.wrangler/e2e-state',
        TILES_OUT_DIR: E2E_OUT_DIR,
        TILES_FRESH: '1',
        BUILD_WORKER_TOKEN: E2E_BUILD_WORKER_TOKEN,
        // Open pages look for a new build every 3 s instead of hourly, so the publish journey sees the prompt.
        PUBLIC_BUILD_CHECK_MS: '3000',
        TILES_EXTRA_VARS: JSON.stringify({
          OIDC_PROVIDERS: JSON.stringify([{ id: 'medikey', name: 'Medikey', issuer: `http://localhost:${OIDC_PORT}`, clientId: 'tiles-e2e' }]),
          OIDC_SECRET_MEDIKEY: 'tiles-e2e-secret',
        }),
      },
    },
  ],
});
