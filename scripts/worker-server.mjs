// Serves one build's Worker in workerd, started by this process: the same runtime, bindings and
// on-disk state as `wrangler dev`, without a development server in front (no file watching, no
// proxy Worker, no dev registry) and without Miniflare in this process. A child process has
// Miniflare assemble workerd's configuration (scripts/workerd-config.mjs); this one starts workerd
// with it, reads its logs, and answers the few calls workerd makes back (./workerd-loopback.mjs).
// A request goes from workerd's socket straight to the Worker. Measured in
// ../shared/PLATFORM-FACTS.md §7 and bench/RESULTS.md.
import { execFile, spawn } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { startLoopback } from './workerd-loopback.mjs';

/**
 * V8's heap settings for a served Worker's workerd (passed in its configuration by Miniflare, from
 * MINIFLARE_WORKERD_V8_FLAGS; a value already set in the environment wins). V8 sizes a heap for the
 * machine's memory, so on a server with gigabytes free an isolate collects its old generation
 * rarely, and what dead requests hold (their native objects, freed only with their JavaScript
 * wrappers) piles up meanwhile: a bare Worker grew 4 KB per request and ours 27 KB, 1.4 GB of
 * workerd after 50,000 requests. A small first old generation and young generation keep each
 * collection early and cheap: 485 MiB after the same requests (bench/RESULTS.md, memory-soak).
 * Neither is a limit: a heap that needs more still grows.
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

/** The descriptor workerd's entry socket listens on when given one: 0-2 stdio, 3 the control pipe. */
const ENTRY_FD = 4;

// scripts/workerd-config.mjs writes it (that module loads Miniflare and wrangler: never imported here).
const CONFIG_MARKER = '--- tiles workerd config ---';

/**
 * How to start the Worker built into `dir` (its `server/wrangler.json`, `.dev.vars` and `client/`
 * assets, plus `bindings`: configuration the build does not carry), with D1, R2, rate-limit and KV
 * state under `stateDir` as `wrangler dev --persist-to stateDir` keeps it: workerd's command line,
 * its configuration in a file only this user reads, and the build's crons. Made ahead of the start
 * (a publish's swap makes it before the old Worker stops), by a child process: about 3 s of CPU.
 */
export async function planWorker({ dir, port = 0, ownSocket = false, stateDir, inspectorPort = undefined, bindings = {} }) {
  // Under the state folder, which a server's owner alone reads: the configuration holds the Worker's
  // secrets (as .dev.vars does), and Miniflare's temporary folders go there too.
  const root = resolve(stateDir, 'workerd');
  mkdirSync(root, { recursive: true, mode: 0o700 });
  removeOrphans(root);
  const folder = mkdtempSync(join(root, `${process.pid}-`));
  const configFile = join(folder, 'config.capnp');
  // A port chosen now, not by workerd: should workerd crash, the one started again listens there too.
  const ownPort = ownSocket ? await freePort() : null;
  const request = { dir: resolve(dir), configFile, host: '127.0.0.1', port, ownPort, stateDir: resolve(stateDir), inspectorPort, bindings };
  // Miniflare passes MINIFLARE_WORKERD_V8_FLAGS into the configuration; the children this process
  // runs otherwise (the database's preparation, a publish's build) keep V8's defaults.
  const env = { ...process.env, TMPDIR: folder, MINIFLARE_WORKERD_V8_FLAGS: process.env.MINIFLARE_WORKERD_V8_FLAGS ?? WORKERD_V8_FLAGS };
  try {
    const child = promisify(execFile)(process.execPath, [resolve(import.meta.dirname, 'workerd-config.mjs')], { env, maxBuffer: 16 * 1024 * 1024 });
    child.child.stdin.end(JSON.stringify(request));
    const { stdout } = await child;
    const plan = JSON.parse(stdout.slice(stdout.lastIndexOf(CONFIG_MARKER) + CONFIG_MARKER.length));
    // Checked before workerd starts: a cron this server cannot run stops the start.
    return { ...plan, crons: hourlyMinutes(plan.crons), folder, configFile, ownSocket, inspectorPort };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    const detail = String(error.stderr ?? '')
      .trim()
      .split('\n')
      .slice(-5)
      .join('\n');
    throw new Error(`Cannot make workerd's configuration for ${dir}: ${detail || error.message}`);
  }
}

/**
 * Starts the Worker built into `dir` (see planWorker, or the `plan` it made) and resolves once it
 * answers. It listens on 127.0.0.1:`port`, or, given `listenFd`, on that socket (`npm start`'s
 * public port, shared with the Worker it replaces: scripts/listen-socket.mjs) and on a port of its
 * own, `port` in the answer, for what must reach this Worker and no other (its hit writer's state, a
 * build's reads). `entryPort` is that socket's port, where its crons are triggered.
 */
export async function startWorker({ plan = undefined, listenFd = null, entryPort = null, ...options }) {
  plan ??= await planWorker({ ...options, ownSocket: listenFd !== null });
  const loopback = await startLoopback({ secret: plan.loopbackSecret, log: writeLog, files: join(plan.folder, 'files') });
  const args = plan.args.map((arg) => {
    if (arg.startsWith('--socket-addr=entry=') && listenFd !== null) return `--socket-fd=entry=${ENTRY_FD}`;
    if (arg.startsWith('--external-addr=loopback=')) return `--external-addr=loopback=127.0.0.1:${loopback.port}`;
    if (arg.startsWith('--inspector-addr=')) return `--inspector-addr=127.0.0.1:${plan.inspectorPort}`;
    return arg;
  });
  // Miniflare removes its temporary folders (inside the plan's) as its process exits: the e-mail
  // store's is made again.
  for (const directory of plan.directories) mkdirSync(directory, { recursive: true });

  let current = null;
  let ending = false;
  /** Starts workerd with the plan's configuration; resolves to its ports by socket name once it listens on every one. */
  async function launch() {
    const config = openSync(plan.configFile, 'r');
    const stdio = [config, 'pipe', 'pipe', 'pipe', ...(listenFd === null ? [] : [listenFd])];
    const child = spawn(plan.command, args, { stdio, env: { ...process.env, TZ: 'UTC', FORCE_COLOR: '0' } });
    closeSync(config);
    current = child;
    const stderr = [];
    readLogs(child.stdout, writeLog);
    readLogs(child.stderr, (line) => {
      if (stderr.length < 50) stderr.push(line.message);
      writeLog(line);
    });
    const wanted = ['entry', ...(plan.ownSocket ? ['direct:'] : []), ...(plan.inspectorPort ? ['inspector'] : [])];
    const ports = new Map();
    const listening = new Promise((resolve) => {
      createInterface({ input: child.stdio[3] }).on('line', (line) => {
        let message;
        try {
          message = JSON.parse(line);
        } catch {
          return;
        }
        const name = message.event === 'listen-inspector' ? 'inspector' : message.socket?.startsWith('direct:') ? 'direct:' : message.socket;
        if (message.event?.startsWith('listen')) ports.set(name, message.port);
        if (wanted.every((socket) => ports.has(socket))) resolve(ports);
      });
    });
    const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    const outcome = await Promise.race([listening, exited]);
    if (!(outcome instanceof Map))
      throw new Error(`workerd exited as it started (${outcome.signal ?? `code ${outcome.code}`}): ${stderr.join(' ').slice(0, 600)}`);
    // Should workerd crash, a new one takes its place with the same configuration, as Miniflare does.
    void exited.then(({ code, signal }) => {
      if (ending || current !== child) return;
      writeLog({ level: 'error', message: `workerd exited (${signal ?? `code ${code}`}): starting it again` });
      launch().catch((error) => writeLog({ level: 'error', message: `workerd did not start again: ${error.message}` }));
    });
    return outcome;
  }

  /** Frees what this Worker held beside workerd: its loopback stand-in and its plan's folder. */
  const release = async () => {
    await loopback.close();
    rmSync(plan.folder, { recursive: true, force: true });
  };
  let ports;
  try {
    ports = await launch();
  } catch (error) {
    await release();
    throw error;
  }
  const ownPort = ports.get(plan.ownSocket ? 'direct:' : 'entry');
  const triggerPort = entryPort ?? ports.get('entry');

  /** Stops workerd with `signal`, and outright after `ms`; then frees what this Worker held. */
  async function end(signal, ms) {
    ending = true;
    const child = current;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      const outright = setTimeout(() => child.kill('SIGKILL'), ms);
      await exited;
      clearTimeout(outright);
    }
    await release();
  }

  return {
    port: ownPort,
    /** Its workerd's process id. */
    get pid() {
      return current?.pid ?? null;
    },
    crons: plan.crons,
    /** Runs the Worker's scheduled handler, as Cloudflare does at each Cron Trigger, through the trigger address of Miniflare's entry Worker. */
    async scheduled(cron) {
      const trigger = `http://127.0.0.1:${triggerPort}/cdn-cgi/local/scheduled?format=json&cron=${encodeURIComponent(cron)}`;
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
    stop: () => end('SIGKILL', 0),
    /**
     * Stops accepting (SIGTERM: workerd closes its sockets to new connections), lets the requests it
     * accepted finish, then stops. On a shared socket, the other Worker takes every new connection.
     */
    retire: () => end('SIGTERM', RETIRE_MS),
  };
}

/** A free port on 127.0.0.1, as the system chooses it. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Removes the plans of servers no longer running (stopped outright, they could not remove their own). */
function removeOrphans(root) {
  for (const name of readdirSync(root)) {
    const pid = Number(name.split('-')[0]);
    if (pid > 0 && !isRunning(pid)) rmSync(join(root, name), { recursive: true, force: true });
  }
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Calls `write` with each of workerd's structured log lines ({ level, message }) on `stream`. */
function readLogs(stream, write) {
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
    if (line === '') return;
    let parsed = null;
    try {
      parsed = JSON.parse(line);
    } catch {
      // not a structured line
    }
    if (parsed && typeof parsed.level === 'string' && typeof parsed.message === 'string') write({ level: parsed.level, message: parsed.message });
    else write({ level: 'log', message: line });
  });
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
