// npm start: migrate and seed the local D1, build, and serve the production build in workerd,
// listening on PORT itself: this process holds the socket and gives it to workerd. A published
// rebuild's workerd takes the socket once the old one has finished what it accepted and stopped;
// meanwhile connections wait in the socket's queue: none is dropped, none passes through this process.
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startBuildWorker } from './build-worker.mjs';
import { whileBuildingSync } from './build-lock.mjs';
import { holdListeningSocket } from './listen-socket.mjs';
import { CONTENT_PATHS, createProxy, parseHeadersFile } from './proxy.mjs';
import { outDirOf } from './out-dir.mjs';
import { ensureDevVars, run, STATE_DIR } from './local-env.mjs';
import { forgetBuild, isBuilt, markBuilt, markPrepared, preparedState, sourceStamp } from './start-stamp.mjs';
import { DEFAULT_RECYCLE_MIB, planWorker, scheduleCrons, startWorker } from './worker-server.mjs';

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
/** How to start one build's Worker (scripts/worker-server.mjs). */
const planBuild = (dir, inspectorPort) => planWorker({ dir, ownSocket: true, stateDir: STATE_DIR, inspectorPort, bindings: extraBindings });

/** One build's Worker in workerd, accepting on the public socket (scripts/worker-server.mjs). */
async function serveBuild(plan) {
  const worker = await startWorker({ plan, listenFd: publicSocket.fd, entryPort: port });
  workers.add(worker);
  return worker;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Has the Worker write each hit at once from now on, then waits (at most a minute) until it has
 * written every hit it queued before: miniflare keeps the local queue in that workerd's memory,
 * which stopping it would lose. (Cloudflare's queue is durable; there a new deployment's consumer
 * takes over.)
 */
async function retireHits(worker) {
  const writer = `http://127.0.0.1:${worker.port}/api/event/hit/writer`;
  const ask = (path, method) =>
    fetch(`${writer}${path}`, {
      method,
      headers: { 'x-build-worker': token, 'content-type': 'application/json' },
      ...(method === 'POST' ? { body: '{}' } : {}),
      signal: AbortSignal.timeout(2000),
    });
  const deadline = Date.now() + 60_000;
  for (let first = true; Date.now() < deadline; first = false) {
    try {
      const response = await ask(first ? '/retire' : '', first ? 'POST' : 'GET');
      if (!response.ok) throw new Error(`the hit writer answered ${response.status}`);
      const { outcome } = await response.json();
      if (outcome.pending === 0 && outcome.consuming === 0) return;
    } catch (error) {
      // That Worker is gone already (Ctrl-C stops the whole process group), or cannot say.
      console.error(`Hits queued on port ${worker.port}: ${error.message}`);
      return;
    }
    await sleep(100);
  }
  console.error(`Hits queued on port ${worker.port} were still unwritten after a minute`);
}

/** Stops a Worker: it stops accepting, finishes what it accepted, and exits. */
async function stopWorker(worker) {
  workers.delete(worker);
  await worker.retire();
}

/** Stops a Worker once its queued hits are written. */
async function retire(worker) {
  await retireHits(worker);
  await stopWorker(worker);
}

// Set once SIGTERM/SIGINT arrives: no more swaps.
let stopping = false;
// The public socket, this process's for as long as it runs: each Worker's workerd accepts on it.
const publicSocket = await holdListeningSocket({ host: '127.0.0.1', port });
// TILES_INSPECTOR_PORT opens the first Worker's V8 inspector there (a benchmark reads its heap);
// a Worker started by a publish takes none, as two would then claim the port during the switch.
let upstream = { dir: OUT_DIR, worker: await serveBuild(await planBuild(OUT_DIR, process.env.TILES_INSPECTOR_PORT)) };
console.log(`Ready on http://localhost:${port}`);

// Cloudflare fires the Cron Triggers; workerd alone never does (a minute past the hour, as configured).
const housekeeping = scheduleCrons(() => upstream?.worker);

// The SCORM content origin reaches the same socket, through a proxy that keeps the local tools out
// of a package's reach (its origin is this machine's too) and the site's pages off this origin (scripts/proxy.mjs).
const contentProxy = createProxy(() => (upstream ? { port } : null), parseHeadersFile(readFileSync(join(OUT_DIR, 'client', '_headers'), 'utf8')), {
  opens: CONTENT_PATHS,
});
contentProxy.listen(contentPort, '127.0.0.1', () => console.log(`SCORM packages served from ${contentOrigin} (port ${contentPort})`));

// One replacement at a time: a publish's and a recycling's never overlap.
let replacing = Promise.resolve();
function oneAtATime(task) {
  const done = replacing.then(task);
  replacing = done.catch(() => {});
  return done;
}

// True while no Worker runs, between the old one's stop and the new one's start.
let between = false;

/**
 * Serves `dir` with a new Worker in place of the current one. Not side by side: two workerd
 * processes on one local D1 file meet SQLITE_BUSY (a publish's overlap of a second failed a
 * learner's page with "internal error" in a CI run). So the old Worker writes its queued hits,
 * finishes what it accepted and stops, then the new one starts; meanwhile new connections wait in
 * the socket's queue (a second or two, none refused). Should the new one not start, the old build
 * is served again. Resolves to the old Worker's folder.
 */
function replaceWorker(dir) {
  return oneAtATime(async () => {
    if (stopping) throw new Error('npm start is stopping');
    const previous = upstream;
    // Made before the gap, which is then only workerd's start.
    const plan = await planBuild(dir);
    between = true;
    try {
      await retire(previous.worker);
      let worker;
      try {
        worker = await serveBuild(plan);
      } catch (error) {
        upstream = { dir: previous.dir, worker: await serveAgainOrExit(previous.dir, error) };
        throw error;
      }
      upstream = { dir, worker };
      if (stopping) await stopWorker(worker);
      return previous.dir;
    } finally {
      between = false;
    }
  });
}

/**
 * The old build's Worker again, after the new one failed to start. Should that fail too, no Worker
 * is left to answer: npm start exits with an error, so that its supervisor (the README's systemd
 * unit: Restart=on-failure) starts it afresh, rather than holding a socket nothing answers on.
 */
async function serveAgainOrExit(dir, cause) {
  try {
    return await serveBuild(await planBuild(dir));
  } catch (error) {
    console.error(`The new Worker did not start (${cause.message}), nor did the previous one again (${error.message}): npm start exits.`);
    await publicSocket.close();
    process.exit(1);
  }
}

startBuildWorker({
  token,
  upstream: () => (upstream && !between ? { port: upstream.worker.port } : null),
  async swap(dir) {
    const previous = await replaceWorker(dir);
    // The next start builds again: OUT_DIR's pages are older than what was just published.
    forgetBuild(OUT_DIR);
    return previous;
  },
});

// workerd's memory grows with what it has served and does not give it back (bench/RESULTS.md,
// memory-soak): past TILES_RECYCLE_MB (MiB of resident memory; 0 never) the Worker is replaced by a
// fresh one of the same build, as PHP-FPM recycles a worker.
const RECYCLE_MIB = Number(process.env.TILES_RECYCLE_MB ?? DEFAULT_RECYCLE_MIB);
const recycleWorker = () => (stopping ? Promise.resolve() : replaceWorker(upstream.dir));
const recycling =
  RECYCLE_MIB > 0
    ? setInterval(() => {
        const worker = upstream?.worker;
        const rss = worker ? residentMiB(worker.pid) : null;
        if (rss === null || rss <= RECYCLE_MIB || stopping) return;
        console.log(`The Worker holds ${Math.round(rss)} MiB (over ${RECYCLE_MIB}): replacing it with a fresh one`);
        recycleWorker().catch((error) => console.error(`Recycling the Worker failed: ${error.message}`));
      }, 10_000)
    : null;

/** A process's resident memory in MiB, from /proc (Linux), or null. */
function residentMiB(pid) {
  try {
    const kib = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)?.[1];
    return kib === undefined ? null : Number(kib) / 1024;
  } catch {
    return null;
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    // The hits the Worker acknowledged are written, then it finishes the requests it accepted; new
    // ones wait in the socket's queue and are refused when it closes.
    clearInterval(housekeeping);
    clearInterval(recycling);
    upstream = null;
    for (let i = 0; i < 150 && contentProxy.forwarding() > 0; i++) await sleep(100);
    await Promise.all([...workers].map(retire));
    await publicSocket.close();
    contentProxy.close();
    contentProxy.closeAllConnections();
    process.exit(0);
  });
}
