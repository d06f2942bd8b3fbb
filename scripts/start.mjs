// npm start: migrate and seed the local D1, build, and serve the production build in workerd,
// behind a small proxy on PORT so that a published rebuild can replace it without dropping requests.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { startBuildWorker } from './build-worker.mjs';
import { whileBuildingSync } from './build-lock.mjs';
import { createProxy } from './proxy.mjs';
import { outDirOf } from './out-dir.mjs';
import { ensureDevVars, run, STATE_DIR } from './local-env.mjs';
import { forgetBuild, isBuilt, markBuilt, markPrepared, preparedState, sourceStamp } from './start-stamp.mjs';
import { scheduleCrons, startWorker } from './worker-server.mjs';

// Every child (build worker, rebuilds) inherits it: see localProcessEnv().
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false';
// TILES_OUT_DIR builds elsewhere than dist/, so that the tests, a benchmark or a second server do
// not rebuild the folder another running server serves from (scripts/out-dir.mjs).
const OUT_DIR = outDirOf(process.env);
// TILES_PREBUILT=1: the caller prepared the database and built into OUT_DIR already (the browser
// tests' servers share one seed and one build: scripts/e2e-servers.mjs).
const port = Number(process.env.PORT ?? 4321);
if (process.env.TILES_PREBUILT !== '1') {
  // Canonical links, the sitemap and Open Graph images name the address the site is served at: on
  // another PORT, that port, unless PUBLIC_SITE_URL names the public one. A publish's rebuild
  // inherits it from this environment.
  process.env.PUBLIC_SITE_URL ??= `http://localhost:${port}`;
  if (process.env.TILES_FRESH === '1') rmSync(STATE_DIR, { recursive: true, force: true });
  ensureDevVars();
  // A second start with nothing changed skips both (scripts/start-stamp.mjs).
  const source = sourceStamp();
  let prepared = preparedState(STATE_DIR, source);
  if (prepared) console.log('Database prepared from these sources already: migrations and seed skipped.');
  else {
    run(process.execPath, ['scripts/prepare-db.mjs']);
    prepared = markPrepared(STATE_DIR, source);
  }
  // The address is part of what a build is built from.
  const built = `${source} ${process.env.PUBLIC_SITE_URL}`;
  if (isBuilt(OUT_DIR, built, prepared)) console.log(`${OUT_DIR}/ is built from these sources and this database already: build skipped.`);
  else {
    forgetBuild(OUT_DIR);
    whileBuildingSync(() => run('npx', ['astro', 'build', '--outDir', OUT_DIR]));
    markBuilt(OUT_DIR, built, prepared);
  }
}
// SCORM packages run on an origin of their own (functions/scorm/content-origin.ts): locally a port of
// its own, served by the same Worker, which tells the two apart by the address asked for. Its host is
// 127.0.0.1, not localhost: cookies ignore ports, and the site's (at localhost) must not reach a
// package. Behind a reverse proxy, SCORM_CONTENT_ORIGIN names the public host sent there (README,
// "Run it on one server").
const contentPort = Number(process.env.TILES_CONTENT_PORT ?? port + 3);
const contentOrigin = process.env.SCORM_CONTENT_ORIGIN ?? `http://127.0.0.1:${contentPort}`;

// Configuration the build does not carry: a fresh build-worker secret, and a test run's extras.
// A given BUILD_WORKER_TOKEN lets another builder (the deploy test) read this server's snapshot.
const token = process.env.BUILD_WORKER_TOKEN ?? randomBytes(32).toString('hex');
// Given to each Worker beside what the build's .dev.vars holds.
const extraBindings = { BUILD_WORKER_TOKEN: token, SCORM_CONTENT_ORIGIN: contentOrigin, ...JSON.parse(process.env.TILES_EXTRA_VARS ?? '{}') };

const workers = new Set();
/** One build's Worker in workerd, on `workerPort` (scripts/worker-server.mjs). */
async function serveBuild(dir, workerPort, inspectorPort) {
  const worker = await startWorker({ dir, port: workerPort, stateDir: STATE_DIR, inspectorPort, bindings: extraBindings });
  workers.add(worker);
  return worker;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits (at most a minute) until the Worker on `workerPort` has written every hit it queued:
 * miniflare keeps the local queue in that workerd's memory, which stopping it would lose.
 * (Cloudflare's queue is durable; there a new deployment's consumer takes over.)
 */
async function drainHits(workerPort) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${workerPort}/api/event/hit/writer`, {
        headers: { 'x-build-worker': token },
        signal: AbortSignal.timeout(2000),
      });
      if (!response.ok) return;
      const { outcome } = await response.json();
      if (outcome.pending === 0 && outcome.consuming === 0) return;
    } catch {
      return; // that Worker is gone already (Ctrl-C stops the whole process group)
    }
    await sleep(100);
  }
  console.error(`Hits queued on port ${workerPort} were still unwritten after a minute`);
}

const ports = [port + 1, port + 2];
// Set once SIGTERM/SIGINT arrives: no more swaps. Workers replaced by a publish, not yet stopped.
let stopping = false;
const retiring = new Set();
// TILES_INSPECTOR_PORT opens the first Worker's V8 inspector there (a benchmark reads its heap);
// a Worker started by a publish takes none, as two would then claim the port during the switch.
let upstream = { port: ports[0], dir: OUT_DIR, worker: await serveBuild(OUT_DIR, ports[0], process.env.TILES_INSPECTOR_PORT) };

// Cloudflare fires the Cron Triggers; workerd alone never does (a minute past the hour, as configured).
const housekeeping = scheduleCrons(() => upstream?.worker);

const proxy = createProxy(() => upstream);
proxy.listen(port, '127.0.0.1', () => console.log(`Ready on http://localhost:${port}`));
const contentProxy = createProxy(() => upstream);
contentProxy.listen(contentPort, '127.0.0.1', () => console.log(`SCORM packages served from ${contentOrigin} (port ${contentPort})`));

startBuildWorker({
  token,
  upstream: () => upstream,
  // Start the new build beside the old one, switch new requests to it, then let the old one finish.
  async swap(dir) {
    if (stopping) throw new Error('npm start is stopping');
    const nextPort = ports.find((candidate) => candidate !== upstream.port);
    const worker = await serveBuild(dir, nextPort);
    if (stopping) {
      await stop(worker);
      throw new Error('npm start is stopping');
    }
    const previous = upstream;
    upstream = { port: nextPort, dir, worker };
    // The next start builds again: OUT_DIR's pages are older than what was just published.
    forgetBuild(OUT_DIR);
    // Requests already sent to the old Worker finish there; then its queue is drained before it stops.
    retiring.add(previous);
    setTimeout(() => retire(previous), 5000);
    return previous.dir;
  },
});

async function stop(worker) {
  workers.delete(worker);
  await worker.stop();
}
/** Stops a Worker the proxy no longer sends to, once its queued hits are written (once only). */
async function retire(worker) {
  if (!retiring.delete(worker)) return;
  await drainHits(worker.port);
  await stop(worker.worker);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    // New requests get the restart answer; those forwarded already get theirs; then the hits the
    // Worker acknowledged are written before it stops.
    clearInterval(housekeeping);
    const serving = upstream;
    upstream = null;
    for (let i = 0; i < 150 && proxy.forwarding() + contentProxy.forwarding() > 0; i++) await sleep(100);
    await Promise.all([drainHits(serving.port), ...[...retiring].map(retire)]);
    await Promise.all([...workers].map(stop));
    for (const server of [proxy, contentProxy]) {
      server.close();
      server.closeAllConnections();
    }
    process.exit(0);
  });
}
