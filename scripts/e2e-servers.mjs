// The browser tests' servers: one database migrated and seeded and one site built, then copied for
// each Playwright worker and served by `scripts/start.mjs` on a port of its own (playwright.config.ts,
// appOrigin), so that parallel workers never see each other's writes. Started by Playwright's
// webServer; stopping this process stops every server (they share its process group).
import { spawn } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { whileBuildingSync } from './build-lock.mjs';
import { localProcessEnv, run, waitUntilReady } from './local-env.mjs';

const count = Number(process.env.E2E_SERVERS ?? 1);
const firstPort = Number(process.env.E2E_PORT ?? 4399);
const stride = Number(process.env.E2E_PORT_STRIDE ?? 4);
const STATE_ROOT = '.wrangler/e2e-state';
const OUT_ROOT = process.env.E2E_OUT_ROOT ?? '.wrangler/e2e-dist';

rmSync(STATE_ROOT, { recursive: true, force: true });
rmSync(OUT_ROOT, { recursive: true, force: true });
const stateOf = (index) => `${STATE_ROOT}/${index}`;
const outOf = (index) => `${OUT_ROOT}/${index}`;

const started = Date.now();
// Every browser test waits for this build: it holds the build lock from the start (scripts/build-lock.mjs),
// so no other suite's build begins while the database is seeded.
whileBuildingSync(() => {
  run(process.execPath, ['scripts/prepare-db.mjs'], { env: { TILES_STATE_DIR: stateOf(0) } });
  // Pre-rendered pages read the database at build time: the seeded one, as every copy holds.
  run('npx', ['astro', 'build', '--outDir', outOf(0)], { env: { TILES_STATE_DIR: stateOf(0) } });
});
for (let index = 1; index < count; index += 1) {
  cpSync(stateOf(0), stateOf(index), { recursive: true });
  cpSync(outOf(0), outOf(index), { recursive: true });
}
console.log(`E2E: ${count} server${count === 1 ? '' : 's'} prepared in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const children = [];
async function serve(index) {
  const port = firstPort + stride * index;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...localProcessEnv(), PORT: String(port), TILES_STATE_DIR: stateOf(index), TILES_OUT_DIR: outOf(index), TILES_PREBUILT: '1' },
  });
  children.push(child);
  child.on('exit', (code) => {
    console.error(`E2E server ${index} (port ${port}) exited with ${code}`);
    process.exit(1);
  });
  await waitUntilReady(port, `E2E server ${index} (port ${port})`);
}
// One after the other: Playwright waits for the last one's address, so all are up when it answers.
for (let index = 0; index < count; index += 1) await serve(index);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) {
      child.removeAllListeners('exit');
      child.kill('SIGTERM');
    }
    setTimeout(() => process.exit(0), 10_000).unref();
    Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve)))).then(() => process.exit(0));
  });
}
