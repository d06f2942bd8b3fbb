import { defineConfig } from '@playwright/test';
import { CHROMIUM_HEADLESS_SHELL_PATH, CHROMIUM_PATH } from './scripts/system-tools.mjs';

const PORT = Number(process.env.E2E_PORT ?? 4399);
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 4398);
/**
 * Workers, each with a server and database of its own (scripts/e2e-servers.mjs): two on two cores,
 * as a browser test mostly waits on its page; E2E_WORKERS=1 runs them one after another.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
/** A server's proxy port and the three after it: its Worker, the one a publish starts, and its SCORM content origin. */
const PORT_STRIDE = 4;
/** The origin of the server a worker (its parallelIndex) talks to. */
export const appOrigin = (parallelIndex: number): string => `http://localhost:${PORT + PORT_STRIDE * parallelIndex}`;
/** Where the tests' servers build (a folder per server under it): never dist/, which a running `npm start` serves from. */
export const E2E_OUT_ROOT = '.wrangler/e2e-dist';
const ORIGINS = Array.from({ length: WORKERS }, (_, index) => appOrigin(index));
/** The tests' server's build-worker secret: a test asks the hit writer when every queued hit is in D1. */
export const E2E_BUILD_WORKER_TOKEN = 'e2e-build-worker-token-0123456789abcdef';
/**
 * The files that take longest (a minute or more of a worker's time), longest first: started before
 * the rest, they end with it, instead of one starting last and running alone while the other
 * worker idles. Playwright hands out files project by project, so each is a project of its own.
 */
const LONG_FILES = ['scorm-vendors', 'people', 'ecm', 'accessibility', 'course-editor', 'scorm', 'course-authoring', 'publish'];
const specOf = (name: string) => `**/${name}.spec.ts`;
/** Chromium's switches for every test's browser. */
const BROWSER_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
/**
 * Debian's full Chromium, for a test that needs what only the browser has (its PDF viewer):
 * `test.use(FULL_CHROMIUM)`. Every other test runs in its headless shell (scripts/system-tools.mjs).
 */
export const FULL_CHROMIUM = { launchOptions: { executablePath: CHROMIUM_PATH, args: BROWSER_ARGS } };

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // npm test runs the API suite beside these two workers on two cores: guards against a hang, not
  // measures of speed (those are asserted where they matter, e.g. a publish's click to live).
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // A file's tests run in order, in one worker; files are shared out between the workers, the
  // longest first (LONG_FILES).
  fullyParallel: false,
  projects: [...LONG_FILES.map((name) => ({ name, testMatch: specOf(name) })), { name: 'e2e', testIgnore: LONG_FILES.map(specOf) }],
  workers: WORKERS,
  // One retry, reported as flaky: with the suites side by side on two cores a journey's wait can
  // pass its timeout under load (a different one each run); a test that fails twice fails the run.
  retries: 1,
  reporter: [['list']],
  use: {
    // tests/e2e/fixtures.ts gives each worker its own server's origin.
    baseURL: appOrigin(0),
    launchOptions: { executablePath: CHROMIUM_HEADLESS_SHELL_PATH, args: BROWSER_ARGS },
  },
  webServer: [
    // A real OpenID Connect provider on loopback, configured below as the 'medikey' provider.
    {
      command: 'node tests/e2e/oidc-provider.mjs',
      url: `http://localhost:${OIDC_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      stdout: 'ignore',
      env: { OIDC_PORT: String(OIDC_PORT), APP_ORIGIN: ORIGINS.join(',') },
    },
    // Fresh, separately stored databases and one build of their own, copied per worker: the tests
    // never touch the database `npm start` uses, nor rebuild the dist/ it serves from.
    {
      command: 'node scripts/e2e-servers.mjs',
      url: `${appOrigin(WORKERS - 1)}/it-IT`,
      // A seed and a build while the other suites run beside it on two cores.
      timeout: 600_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        E2E_SERVERS: String(WORKERS),
        E2E_PORT: String(PORT),
        E2E_PORT_STRIDE: String(PORT_STRIDE),
        E2E_OUT_ROOT,
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
