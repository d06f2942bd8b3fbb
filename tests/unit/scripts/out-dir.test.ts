import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OUT_DIR, outDirOf, RELEASE_OUT_DIR } from '../../../scripts/out-dir.mjs';
import playwright, { E2E_OUT_ROOT } from '../../../playwright.config.ts';

/** astro.config.mjs's outDir, read by the pinned Node with this environment, as `astro build` reads it. */
function astroOutDir(env: Record<string, string>): string {
  const inherited = { ...process.env };
  delete inherited.TILES_OUT_DIR;
  const result = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', "const { default: config } = await import('./astro.config.mjs'); console.log(config.outDir);"],
    {
      encoding: 'utf8',
      env: { ...inherited, ...env },
    },
  );
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.trim();
}

// `npm test` once rebuilt the dist/ that a running `npm start` served from: every page of that site
// answered 404 for minutes. Each build that is not `npm start`'s has a folder of its own.
describe('build folders (scripts/out-dir.mjs)', () => {
  it('is dist/ for npm start, and what TILES_OUT_DIR names otherwise', () => {
    expect(outDirOf({})).toBe('dist');
    expect(outDirOf({ TILES_OUT_DIR: ' ' })).toBe('dist');
    expect(outDirOf({ TILES_OUT_DIR: '.wrangler/e2e-dist' })).toBe('.wrangler/e2e-dist');
  });

  it("gives the browser tests' server a build folder of its own, never dist/, in a folder git and the linters ignore", () => {
    const servers = Array.isArray(playwright.webServer) ? playwright.webServer : [playwright.webServer];
    const site = servers.find((server) => server?.command === 'node scripts/e2e-servers.mjs');
    expect(site?.env?.E2E_OUT_ROOT).toBe(E2E_OUT_ROOT);
    expect(E2E_OUT_ROOT.startsWith('.wrangler/')).toBe(true);
    // A release (npm run deploy, its dry run in tests/deploy) does not build into dist/ either.
    expect(RELEASE_OUT_DIR).not.toBe(DEFAULT_OUT_DIR);
    expect(RELEASE_OUT_DIR.startsWith('.wrangler/')).toBe(true);
  });

  it('is where astro.config.mjs builds: a build with TILES_OUT_DIR set leaves dist/ alone', () => {
    expect(astroOutDir({})).toBe('dist');
    expect(astroOutDir({ TILES_OUT_DIR: `${E2E_OUT_ROOT}/0` })).toBe(`${E2E_OUT_ROOT}/0`);
    // Two Node processes that load Astro's config: seconds on a busy machine.
  }, 60_000);
});
