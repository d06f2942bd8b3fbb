// Serves one build's Worker in workerd through Miniflare's API: the same runtime, bindings and
// on-disk state as `wrangler dev`, without a development server in front (no file watching, no
// proxy Worker, no dev registry). A request goes from workerd's socket straight to the Worker.
// Measured in ../shared/PLATFORM-FACTS.md §7 and bench/RESULTS.md.
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { extname, join, resolve } from 'node:path';
import { Log, LogLevel, Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { lastWorkerd, serveEntryOn } from './workerd-socket.mjs';

export const WORKER_NAME = 'tiles-learning-platform';

/**
 * V8's heap settings for a served Worker's workerd (Miniflare passes MINIFLARE_WORKERD_V8_FLAGS to
 * workerd; a value already set in the environment wins). V8 sizes a heap for the machine's memory,
 * so on a server with gigabytes free an isolate collects its old generation rarely, and what dead
 * requests hold (their native objects, freed only with their JavaScript wrappers) piles up
 * meanwhile: a bare Worker grew 4 KB per request and ours 27 KB, 1.4 GB of workerd after 50,000
 * requests. A small first old generation and young generation keep each collection early and cheap:
 * 485 MiB after the same requests (bench/RESULTS.md, memory-soak). Neither is a limit: a heap that
 * needs more still grows.
 */
export const WORKERD_V8_FLAGS = '--initial-old-space-size=4 --max-semi-space-size=1';

/**
 * Past this much resident memory (MiB) `npm start` replaces its Worker with a fresh one of the same
 * build, unless TILES_RECYCLE_MB says otherwise (0: never). A safety net since WORKERD_V8_FLAGS:
 * workerd levels off near 510 MiB under the memory soak's load.
 */
export const DEFAULT_RECYCLE_MIB = 768;

/** How long the hourly housekeeping may run before it counts as failed (the next hour runs it again). */
const CRON_MS = 15 * 60_000;

/** How long a retiring Worker may take to finish the requests it accepted before it is stopped outright. */
const RETIRE_MS = 30_000;

/**
 * Starts the Worker built into `dir` (its `server/wrangler.json`, `.dev.vars` and `client/` assets,
 * plus `bindings`: configuration the build does not carry) with D1, R2, rate-limit and KV state
 * under `stateDir` as `wrangler dev --persist-to stateDir` keeps it. Resolves once it answers.
 *
 * It listens on 127.0.0.1:`port`, or, given `listenFd`, on that socket (`npm start`'s public port,
 * shared with the Worker it replaces: scripts/listen-socket.mjs) and on a port of its own, `port` in
 * the answer, for what must reach this Worker and no other (its hit writer's state, a build's reads).
 * `entryPort` is that socket's port, where its crons are triggered.
 */
export async function startWorker({ dir, port = 0, listenFd = null, entryPort = null, stateDir, inspectorPort = undefined, bindings = {} }) {
  const serverDir = resolve(dir, 'server');
  const { workerOptions, main } = await workerOptionsOf(resolve(serverDir, 'wrangler.json'));
  // Checked before workerd starts: a cron this server cannot run stops the start.
  const crons = hourlyMinutes(workerOptions.cronTriggers ?? []);
  const entry = resolve(main);
  const modules = [entry, ...builtModules(serverDir).filter((path) => path !== entry)].map((path) => ({ type: moduleType(path), path }));
  if (listenFd !== null) serveEntryOn(listenFd);
  // Straight to the Worker (and its assets), past Miniflare's entry: never the public socket's tools.
  const ownSocket = listenFd === null ? [] : [{ host: '127.0.0.1', port: 0 }];
  // Set while this Miniflare reads its configuration only: the children this process runs (the
  // database's preparation, a publish's build) keep V8's defaults and their own workerd's quiet.
  const ownFlags = process.env.MINIFLARE_WORKERD_V8_FLAGS === undefined;
  if (ownFlags) process.env.MINIFLARE_WORKERD_V8_FLAGS = WORKERD_V8_FLAGS;
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: '127.0.0.1',
      port,
      ...(inspectorPort ? { inspectorPort: Number(inspectorPort) } : {}),
      // `wrangler dev --persist-to` keeps its state in v3/ under that folder: the same files.
      resourcePersistencePath: resolve(stateDir, 'v3'),
      // Local stand-ins a provider's operator and the tests rely on, as under `wrangler dev`:
      // /cdn-cgi/local/scheduled runs the cron, /cdn-cgi/local/explorer lists the e-mail sent.
      unsafeTriggerHandlers: true,
      unsafeLocalExplorer: true,
      // No Request.cf sample fetched from the internet.
      cf: false,
      log: new Log(LogLevel.WARN),
      logRequests: false,
      handleStructuredLogs: writeLog,
      workers: [
        {
          name: WORKER_NAME,
          ...workerOptions,
          bindings: { ...workerOptions.bindings, ...bindings },
          modules,
          modulesRoot: serverDir,
          unsafeDirectSockets: ownSocket,
        },
      ],
    }),
  );
  const entryUrl = await mf.ready.finally(() => {
    if (ownFlags) delete process.env.MINIFLARE_WORKERD_V8_FLAGS;
  });
  const workerd = listenFd === null ? null : lastWorkerd();
  const ownPort = listenFd === null ? Number(entryUrl.port) : Number((await mf.unsafeGetDirectURL(WORKER_NAME)).port);
  return {
    port: ownPort,
    /** Its workerd's process id, when it serves a shared socket. */
    pid: workerd?.pid ?? null,
    crons,
    /**
     * Runs the Worker's scheduled handler, as Cloudflare does at each Cron Trigger, through Miniflare's
     * trigger address. Not through `mf.getWorker()`: its proxy waits for workerd with Atomics.wait,
     * which blocks this process's event loop, so workerd's log output went unread, workerd blocked
     * writing it, and under load the server stopped answering for good (bench/memory-soak.mjs hung at
     * the minute of the hourly cron).
     */
    async scheduled(cron) {
      const trigger = `http://127.0.0.1:${entryPort ?? entryUrl.port}/cdn-cgi/local/scheduled?format=json&cron=${encodeURIComponent(cron)}`;
      const response = await fetch(trigger, { signal: AbortSignal.timeout(CRON_MS) });
      const text = await response.text();
      let outcome;
      try {
        outcome = JSON.parse(text).outcome;
      } catch {
        // Not Miniflare's JSON answer: what came instead says more than a parse error.
        throw new Error(`the trigger address answered ${response.status}: ${text.slice(0, 300)}`);
      }
      if (!response.ok || outcome !== 'ok') throw new Error(`the scheduled handler's outcome was ${outcome} (${response.status})`);
    },
    stop: () => mf.dispose(),
    /**
     * Stops accepting (SIGTERM: workerd closes its sockets to new connections), lets the requests it
     * accepted finish, then stops. On a shared socket, the other Worker takes every new connection.
     */
    async retire() {
      if (workerd && workerd.exitCode === null && workerd.signalCode === null) {
        // Disposed in the exit event itself, before Miniflare's own handler (a microtask later) takes
        // the exit for a crash and starts workerd again.
        let disposed = null;
        const exited = new Promise((resolve) => workerd.once('exit', () => resolve((disposed = mf.dispose()))));
        workerd.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, RETIRE_MS))]);
        if (disposed) return disposed;
      }
      await mf.dispose();
    },
  };
}

// The build worker asks for queued publishes every second: its answers are not worth a log line each.
const BUILD_POLL = /^\{"type":"request".*"path":"\/api\/cms\/builds\/claim","status":200,/;
// TILES_REQUEST_LOG=off keeps the Worker's request lines out of the log (a benchmark's millions).
const QUIET_REQUESTS = process.env.TILES_REQUEST_LOG === 'off';
const REQUEST_LINE = /^\{"type":"request",/;
// workerd's built-in code cache is made for V8's default flags; with WORKERD_V8_FLAGS each isolate
// compiles that code at its start instead (a few milliseconds) and says so once: expected, not news.
const FLAGS_CACHE_NOTE = /^NOSENTRY per-isolate bootstrap compile cache failed its compatibility check/;

/** Writes what workerd logs (the Worker's JSON lines among it) to stdout, warnings and errors to stderr, minus the noise. */
function writeLog({ level, message }) {
  if (BUILD_POLL.test(message) || FLAGS_CACHE_NOTE.test(message) || (QUIET_REQUESTS && REQUEST_LINE.test(message))) return;
  (level === 'warn' || level === 'error' ? process.stderr : process.stdout).write(`${message}\n`);
}

const OPTIONS_MARKER = '--- tiles worker options ---';

/** Reads what wrangler makes of the build in `dir` ahead of its start, which then only starts workerd. */
export const readWorkerOptions = (dir) => workerOptionsOf(resolve(dir, 'server', 'wrangler.json'));

/** What wrangler makes of each build's config, read once per build, in a child process (scripts/worker-options.mjs). */
const optionsOf = new Map();
function workerOptionsOf(configPath) {
  if (!optionsOf.has(configPath)) {
    const read = promisify(execFile)(process.execPath, [resolve(import.meta.dirname, 'worker-options.mjs'), configPath], { maxBuffer: 16 * 1024 * 1024 }).then(
      ({ stdout }) => JSON.parse(stdout.slice(stdout.lastIndexOf(OPTIONS_MARKER) + OPTIONS_MARKER.length)),
    );
    read.catch(() => optionsOf.delete(configPath));
    optionsOf.set(configPath, read);
  }
  return optionsOf.get(configPath);
}

const MODULE_TYPES = { '.mjs': 'ESModule', '.js': 'ESModule', '.wasm': 'CompiledWasm', '.txt': 'Text', '.html': 'Text', '.sql': 'Text', '.bin': 'Data' };
const moduleType = (path) => MODULE_TYPES[extname(path)];

/** Every file of the built Worker workerd loads as a module (not its source maps or config). */
function builtModules(serverDir) {
  return readdirSync(serverDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && moduleType(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The build's crons (wrangler.toml's, as the build wrote them): this server runs the `M * * * *` form (once an hour) that Tiles uses. */
function hourlyMinutes(crons) {
  return crons.map((cron) => {
    const minute = cron.match(/^(\d{1,2}) \* \* \* \*$/);
    if (!minute) throw new Error(`npm start runs hourly crons ("M * * * *") only, not "${cron}"`);
    return { cron, minute: Number(minute[1]) };
  });
}

/**
 * Runs each cron's scheduled handler on the Worker `current()` names, at its minute of every hour,
 * as Cloudflare's Cron Triggers do (workerd alone never fires them). A failed run is logged; the
 * next hour tries again. Returns the timer to clear.
 */
export function scheduleCrons(current) {
  // The hour each cron last ran in.
  const ranIn = new Map();
  return setInterval(() => {
    const now = new Date();
    const hour = now.toISOString().slice(0, 13);
    const worker = current();
    for (const { cron, minute } of worker?.crons ?? []) {
      if (now.getUTCMinutes() !== minute || ranIn.get(cron) === hour) continue;
      ranIn.set(cron, hour);
      worker.scheduled(cron).catch((error) => console.error(`Cron "${cron}" failed:`, error.message));
    }
  }, 20_000);
}
