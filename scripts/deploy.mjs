// npm run deploy: a whole production release. Migrates the remote D1, builds the site from the
// live site's published content (scripts/build-from-live.mjs), deploys the Worker with its static
// assets, and, when started for a publish request (DEPLOY_REQUEST_ID), reports it live or failed.
//
//   npm run deploy                 needs CLOUDFLARE_API_TOKEN, CLOUDFLARE_ACCOUNT_ID, BUILD_WORKER_TOKEN, DEPLOY_SITE_URL
//   npm run deploy -- --dry-run    no Cloudflare account: builds, bundles and measures, deploys nothing
//
// Without DEPLOY_SITE_URL (a first deploy: no live site yet) the build takes the demo seed's
// reference data instead, and says so.
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { buildFromLive } from './build-from-live.mjs';
import { runAsync } from './run-async.mjs';
import { RELEASE_OUT_DIR } from './out-dir.mjs';

const PLACEHOLDER_DATABASE_ID = '00000000-0000-4000-8000-000000000000';
// Workers' compressed size limits (Free / Paid plans).
const LIMIT_FREE = 3 * 1024 * 1024;
const LIMIT_PAID = 10 * 1024 * 1024;

const { values } = parseArgs({
  // Not dist/: a local dry run must not rebuild the folder a running `npm start` serves from.
  options: { 'dry-run': { type: 'boolean', default: false }, 'out-dir': { type: 'string', default: process.env.DEPLOY_OUT_DIR ?? RELEASE_OUT_DIR } },
});
const dryRun = values['dry-run'];
const outDir = values['out-dir'];
const siteUrl = process.env.DEPLOY_SITE_URL || undefined;
const token = process.env.BUILD_WORKER_TOKEN || undefined;
const requestId = process.env.DEPLOY_REQUEST_ID ? Number(process.env.DEPLOY_REQUEST_ID) : undefined;

const step = (text) => console.log(`\n▶ ${text}`);

/** Reports the publish request through the build worker's call; a report that fails is said, not fatal. */
async function report(outcome) {
  if (requestId === undefined || dryRun) return;
  if (!siteUrl || !token) {
    console.error(`Cannot report publish request ${requestId}: DEPLOY_SITE_URL and BUILD_WORKER_TOKEN are needed`);
    return;
  }
  const response = await fetch(new URL(`/api/cms/builds/${requestId}/finish`, siteUrl), {
    method: 'POST',
    headers: { 'x-build-worker': token, 'content-type': 'application/json', 'tiles-locale-code': 'en-US' },
    body: JSON.stringify(outcome),
    signal: AbortSignal.timeout(30_000),
  }).catch((error) => ({ ok: false, status: error.message }));
  console.log(response.ok ? `Publish request ${requestId} reported ${outcome.status}.` : `Reporting publish request ${requestId} failed: ${response.status}`);
}

/** Every file of the bundle wrangler wrote, raw and gzip-compressed (what Workers' size limit counts). */
function bundleSize(dir) {
  let raw = 0;
  let gzip = 0;
  for (const name of readdirSync(dir, { recursive: true })) {
    const file = join(dir, name);
    if (name.endsWith('.map') || basename(name) === 'README.md' || statSync(file).isDirectory()) continue;
    const bytes = readFileSync(file);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip };
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

try {
  if (requestId !== undefined && !(Number.isInteger(requestId) && requestId > 0))
    throw new Error(`DEPLOY_REQUEST_ID is not a request id: ${process.env.DEPLOY_REQUEST_ID}`);
  if (!dryRun) {
    for (const name of ['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ACCOUNT_ID']) if (!process.env[name]) throw new Error(`${name} is not set (or run with --dry-run)`);
    if (readFileSync('wrangler.toml', 'utf8').includes(PLACEHOLDER_DATABASE_ID))
      throw new Error('wrangler.toml still has the placeholder database_id: put the id `wrangler d1 create tiles-learning` printed');
  }

  step('Migrations of the remote D1 database');
  if (dryRun) {
    const pending = readdirSync('migrations').filter((name) => name.endsWith('.sql'));
    console.log(`Dry run: would run \`wrangler d1 migrations apply DB --remote\` (it applies those of ${pending.join(', ')} not yet applied).`);
  } else {
    console.log(await runAsync('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--remote']));
  }

  step('Build from the live content');
  if (!siteUrl) console.log("No DEPLOY_SITE_URL: a first deploy, with no live site yet. The pages are built from the demo seed's reference data.");
  const { buildId, source } = await buildFromLive({ siteUrl, token, seed: !siteUrl, outDir });
  console.log(`Build ${buildId} from ${source} in ${outDir}`);

  const config = join(outDir, 'server', 'wrangler.json');
  if (dryRun) {
    step('wrangler deploy --dry-run');
    const bundleDir = join(outDir, 'bundle');
    const output = await runAsync('npx', ['wrangler', 'deploy', '--config', config, '--dry-run', '--outdir', bundleDir]);
    const wranglerLine = output.split('\n').find((line) => line.includes('Total Upload'));
    if (wranglerLine) console.log(`wrangler: ${wranglerLine.trim()}`);
    const { raw, gzip } = bundleSize(bundleDir);
    console.log(
      `Worker bundle: ${kib(raw)}, ${kib(gzip)} gzip; Workers' limit: ${kib(LIMIT_FREE)} gzip (Free), ${kib(LIMIT_PAID)} gzip (Paid): ${((gzip / LIMIT_FREE) * 100).toFixed(1)} % of Free.`,
    );
    if (gzip > LIMIT_FREE) throw new Error(`The Worker bundle (${kib(gzip)} gzip) is over the Free plan's limit`);
    console.log('\nDry run complete: nothing was deployed.');
  } else {
    step('wrangler deploy');
    // The build copied the local development secrets next to the Worker for `wrangler dev`: never ship them.
    rmSync(join(outDir, 'server', '.dev.vars'), { force: true });
    console.log(await runAsync('npx', ['wrangler', 'deploy', '--config', config]));
    await report({ status: 'live', buildId });
  }
} catch (error) {
  console.error(`\nDeploy failed: ${error.message}`);
  await report({ status: 'failed', error: error.message.slice(0, 2000) });
  process.exit(1);
}
