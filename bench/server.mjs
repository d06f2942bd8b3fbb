// Starts the production build in workerd for a benchmark, on its own port and database, exactly as
// `npm start` does (scripts/start.mjs: migrations, seed, build, workerd on the socket it holds).
// The build goes to its own folder (TILES_OUT_DIR), never dist/, which another server may be serving.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export const BENCH_PORT = Number(process.env.BENCH_PORT ?? 4600);
export const BENCH_STATE_DIR = process.env.BENCH_STATE_DIR ?? '.wrangler/bench-state';
export const BENCH_OUT_DIR = process.env.BENCH_OUT_DIR ?? '.wrangler/bench-dist';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Live (not zombie) processes of a process group, from /proc. */
export function groupMembers(pgid) {
  const members = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid pgrp ...: comm may hold spaces, so read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === pgid && state !== 'Z') members.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return members;
}

async function answers(url) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

/**
 * `npm start` on `port` with its database in `stateDir` (wiped first when `fresh`) and `env` added
 * to its environment; resolves once
 * the site answers. `stop()` stops it as a person would (SIGTERM to start.mjs, which drains the hits
 * queue first), then the rest of its process group, and resolves when every process of it has exited.
 */
export async function startServer({ port = BENCH_PORT, stateDir = BENCH_STATE_DIR, fresh = true, outDir = BENCH_OUT_DIR, env = {} } = {}) {
  const base = `http://localhost:${port}`;
  if (await answers(`${base}/it-IT`)) throw new Error(`Something already answers on port ${port}: stop it first`);
  const child = spawn(process.execPath, ['--max-semi-space-size=1', 'scripts/start.mjs'], {
    env: { ...process.env, ...env, PORT: String(port), TILES_STATE_DIR: stateDir, TILES_OUT_DIR: outDir, TILES_FRESH: fresh ? '1' : '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  const pgid = child.pid;
  const stop = async () => {
    // start.mjs alone first: it answers new requests "restarting", lets the Worker write the hits it
    // queued, then stops its children. Whatever of the group is still there after that is stopped too.
    try {
      process.kill(pgid, 'SIGTERM');
    } catch {
      return; // already gone
    }
    for (let i = 0; i < 900 && !exited; i++) await sleep(100);
    for (const signal of ['SIGTERM', 'SIGKILL']) {
      if (groupMembers(pgid).length === 0) return;
      if (signal === 'SIGKILL') console.error(`Process group ${pgid} still running 15 s after SIGTERM: SIGKILL`);
      try {
        process.kill(-pgid, signal);
      } catch {
        return; // gone meanwhile
      }
      for (let i = 0; i < 150 && groupMembers(pgid).length > 0; i++) await sleep(100);
    }
  };
  const started = performance.now();
  for (let i = 0; i < 1200; i++) {
    if (exited) throw new Error('The server stopped before it answered (see the output above)');
    if (await answers(`${base}/it-IT`)) return { base, port, stateDir, outDir, pid: pgid, startSeconds: (performance.now() - started) / 1000, stop };
    await sleep(500);
  }
  await stop();
  throw new Error('The server did not start');
}

/** The headers the browser's own API calls carry (same-site Origin, site and locale). */
export function apiHeaders(base, extra = {}) {
  return { 'content-type': 'application/json', 'tiles-site-id': 'tiles-demo', 'tiles-locale-code': 'it-IT', origin: base, ...extra };
}

/** Signs in the demo learner and returns the cookie header to send. */
export async function signIn(base, code = 'studente.demo', password = 'Studente-Demo-2026!') {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: apiHeaders(base),
    body: JSON.stringify({ cu: code, cp: password, ua: 'bench' }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers.get('set-cookie').split(';')[0];
}

/** Runs one SQL statement on the local D1 of `stateDir`, as scripts/prepare-db.mjs does; returns the rows. */
export function queryD1(stateDir, sql) {
  const result = spawnSync('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', stateDir, '--json', '--command', sql], {
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, CI: '1' },
  });
  if (result.status !== 0) throw new Error(`wrangler d1 execute failed (${result.status}): ${sql}`);
  return JSON.parse(result.stdout)[0].results;
}

/**
 * The two ways a hit reaches D1 (functions/hits/hit-writer.ts), as `startServer` environments: the HITS
 * queue (the default) or each request writing its own. The build-worker token lets the benchmark
 * read the hit writer's counters (`GET /api/event/hit/writer`). RATE_LIMITS=off lifts the hit
 * limit (300 a minute per learner or address, functions/rate-limit.ts) on this development server:
 * the load clients send thousands a minute as one learner from one address, which is what they
 * measure, not abuse. TILES_RECYCLE_MB=0 keeps one Worker for the whole run: its counters are
 * its isolate's, and a recycling mid-run would restart them (bench/memory-soak.mjs measures that).
 */
export function hitPathEnv(path, token) {
  return {
    BUILD_WORKER_TOKEN: token,
    TILES_RECYCLE_MB: '0',
    TILES_EXTRA_VARS: JSON.stringify({ RATE_LIMITS: 'off', ...(path === 'direct' ? { HIT_WRITES: 'direct' } : {}) }),
  };
}

/** The hit writer's state: path, pending, consuming and what it has written (hits, statements, batches). */
export async function hitWriter(base, token) {
  const response = await fetch(`${base}/api/event/hit/writer`, { headers: { 'x-build-worker': token }, signal: AbortSignal.timeout(5000) });
  if (!response.ok) throw new Error(`hit writer status: ${response.status}`);
  return (await response.json()).outcome;
}
