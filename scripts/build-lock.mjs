// One `astro build` at a time in this checkout. The Cloudflare Vite plugin points the build at its
// pre-rendering Worker's config through a file in the project (.wrangler/deploy/config.json), so two
// builds at once (npm test's deploy and browser suites, two test servers publishing) read each
// other's and fail: a locked database, a runtime that does not start. Builds wait for each other
// here instead; a lock whose process is gone is taken over.
// A build someone waits on (a publish, the browser tests' site) goes before one nobody does: a
// process with TILES_BUILD_YIELD=1 (the deploy suite's dry runs) takes the lock only while no
// other build waits for it, so a publish waits for one build at most.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const LOCK = '.wrangler/astro-build.lock';
/** A file per process waiting for the lock, named by its pid, unless it yields. */
const WAITING = '.wrangler/astro-build.waiting';
const WAIT_MS = 250;
const yields = process.env.TILES_BUILD_YIELD === '1';

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/** Whether a process that does not yield waits for the lock (its mark removed if it is gone). */
function othersWait() {
  let pids = [];
  try {
    pids = readdirSync(WAITING).map(Number);
  } catch {
    return false;
  }
  let waiting = false;
  for (const pid of pids) {
    if (pid === process.pid) continue;
    if (alive(pid)) waiting = true;
    else rmSync(`${WAITING}/${pid}`, { force: true }); // a waiter that died
  }
  return waiting;
}

function wait(waiting) {
  if (yields) return;
  mkdirSync(WAITING, { recursive: true });
  if (waiting) writeFileSync(`${WAITING}/${process.pid}`, '');
  else rmSync(`${WAITING}/${process.pid}`, { force: true });
}

function take() {
  mkdirSync('.wrangler', { recursive: true });
  if (yields && othersWait()) return false;
  try {
    mkdirSync(LOCK);
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
    let holder = 0;
    try {
      holder = Number(readFileSync(`${LOCK}/pid`, 'utf8'));
    } catch {
      return false; // just taken, its pid not written yet
    }
    if (holder > 0 && !alive(holder)) rmSync(LOCK, { recursive: true, force: true });
    return false;
  }
  writeFileSync(`${LOCK}/pid`, String(process.pid));
  return true;
}

const release = () => rmSync(LOCK, { recursive: true, force: true });

/** Runs `build` (synchronous) once no other build of this checkout runs. */
export function whileBuildingSync(build) {
  const nap = new Int32Array(new SharedArrayBuffer(4));
  wait(true);
  while (!take()) Atomics.wait(nap, 0, 0, WAIT_MS);
  wait(false);
  try {
    return build();
  } finally {
    release();
  }
}

/** Runs `build` (asynchronous) once no other build of this checkout runs. */
export async function whileBuilding(build) {
  wait(true);
  while (!take()) await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
  wait(false);
  try {
    return await build();
  } finally {
    release();
  }
}
