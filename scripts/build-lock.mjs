// One `astro build` at a time in this checkout. The Cloudflare Vite plugin points the build at its
// pre-rendering Worker's config through a file in the project (.wrangler/deploy/config.json), so two
// builds at once (npm test's deploy and browser suites, two test servers publishing) read each
// other's and fail: a locked database, a runtime that does not start. Builds wait for each other
// here instead; a lock whose process is gone is taken over.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const LOCK = '.wrangler/astro-build.lock';
const WAIT_MS = 250;

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

function take() {
  mkdirSync('.wrangler', { recursive: true });
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
  while (!take()) Atomics.wait(nap, 0, 0, WAIT_MS);
  try {
    return build();
  } finally {
    release();
  }
}

/** Runs `build` (asynchronous) once no other build of this checkout runs. */
export async function whileBuilding(build) {
  while (!take()) await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
  try {
    return await build();
  } finally {
    release();
  }
}
