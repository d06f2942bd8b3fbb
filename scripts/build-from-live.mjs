// Builds the site from the content of the live site, never from this machine's own database:
// fetches the snapshot of the published content from a running Worker (or, for a first deploy,
// takes the demo seed's reference data), loads it into a fresh local D1 made only for this build,
// and runs `astro build` against it. Used by the local build worker and by `npm run deploy`.
//
//   node scripts/build-from-live.mjs --site-url https://... --out-dir .wrangler/release-dist   (BUILD_WORKER_TOKEN in the environment)
//   node scripts/build-from-live.mjs --seed --out-dir .wrangler/release-dist
import { readFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { snapshotStatements } from '../functions/data/cms/snapshot.ts';
import { referenceSql } from '../seed/build-seed.ts';
import { whileBuilding } from './build-lock.mjs';
import { runAsync } from './run-async.mjs';
import { openLocalD1 } from './d1-local.mjs';
import { applyMigrations, executeSql } from './d1-sql.mjs';
import { ensureDevVars } from './local-env.mjs';
import { RELEASE_OUT_DIR } from './out-dir.mjs';

const BUILD_STATE_ROOT = '.wrangler/build-state';

/**
 * Migrates a fresh local D1 under `stateDir` and runs `sql` in it (scripts/d1-local.mjs). Should
 * workerd fail on a machine loaded to its limit, the database is made again from nothing, once.
 */
async function loadFreshDatabase(stateDir, sql, log) {
  for (let attempt = 1; ; attempt++) {
    let db;
    try {
      db = await openLocalD1(stateDir);
      await applyMigrations(db);
      await executeSql(db, sql);
      return;
    } catch (error) {
      if (attempt >= 2) throw new Error(`${error.message}${error.cause ? ` (${error.cause.code ?? error.cause.message ?? error.cause})` : ''}`);
      log(`Loading the build's database failed (${error.message}${error.cause ? `: ${error.cause.code ?? error.cause.message}` : ''}); starting it again`);
    } finally {
      await db?.dispose();
    }
    rmSync(stateDir, { recursive: true, force: true });
  }
}

/** The published content of the Worker at `siteUrl`, through its build-worker-only snapshot call. */
export async function fetchSnapshot(siteUrl, token) {
  if (!token) throw new Error('BUILD_WORKER_TOKEN is not set: the live site hides its snapshot without it');
  const url = new URL('/api/cms/builds/snapshot', siteUrl);
  let response;
  try {
    response = await fetch(url, { headers: { 'x-build-worker': token, 'tiles-locale-code': 'en-US' }, signal: AbortSignal.timeout(60_000) });
  } catch (error) {
    throw new Error(`The live site ${url.origin} is unreachable: ${error.cause?.message ?? error.message}`);
  }
  // The route hides itself behind a 404: most often the token differs from the live Worker's secret.
  if (response.status === 404)
    throw new Error(`${url} answered 404: is BUILD_WORKER_TOKEN the live Worker's secret, and does the live Worker have the snapshot call?`);
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  const body = await response.json();
  if (!body?.outcome?.tables) throw new Error(`${url} answered no snapshot`);
  return body.outcome;
}

/**
 * Builds into `outDir` from the live site (`siteUrl` + `token`) or from the seed (`seed: true`).
 * Returns the build id (builds/latest.json) and where the content came from.
 */
export async function buildFromLive({ siteUrl, token, seed = false, outDir, log = console.log }) {
  if (!seed && !siteUrl) throw new Error('Nothing to build from: give the live site URL, or the seed for a first deploy');
  const name = `${Date.now()}-${process.pid}-${basename(outDir)}`;
  const stateDir = join(BUILD_STATE_ROOT, name);
  try {
    let source;
    let sql;
    if (seed) {
      sql = referenceSql();
      source = "the demo seed's reference data";
    } else {
      const snapshot = await fetchSnapshot(siteUrl, token);
      sql = `${snapshotStatements(snapshot).join('\n')}\n`;
      const rows = Object.values(snapshot.tables).reduce((sum, rows) => sum + rows.length, 0);
      source = `the live content of ${new URL(siteUrl).origin} (${rows} rows)`;
    }
    log(`Building from ${source} in a fresh database (${stateDir})`);
    await loadFreshDatabase(stateDir, sql, log);
    // The pre-rendering runs the Worker's modules, whose start-up checks need the local secrets.
    ensureDevVars();
    await whileBuilding(() => runAsync('npx', ['astro', 'build', '--outDir', outDir], { TILES_STATE_DIR: stateDir }));
    const buildId = JSON.parse(readFileSync(join(outDir, 'client', 'builds', 'latest.json'), 'utf8')).id;
    return { buildId, source };
  } finally {
    rmSync(stateDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { 'site-url': { type: 'string' }, seed: { type: 'boolean', default: false }, 'out-dir': { type: 'string', default: RELEASE_OUT_DIR } },
  });
  const { buildId } = await buildFromLive({ siteUrl: values['site-url'], token: process.env.BUILD_WORKER_TOKEN, seed: values.seed, outDir: values['out-dir'] });
  console.log(`Build ${buildId} written to ${values['out-dir']}`);
}
