import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';

// The deploy suite's dry runs yield the build lock to a build someone waits on (a publish), so a
// publish in the browser suite never queues behind more than the one build already running.
const work = mkdtempSync(join(tmpdir(), 'tiles-build-lock-'));
const LOCK_MODULE = resolve('scripts/build-lock.mjs');
const sleepers: ReturnType<typeof spawn>[] = [];
afterAll(() => {
  for (const sleeper of sleepers) sleeper.kill();
  rmSync(work, { recursive: true, force: true });
});

/** A process that builds (writes `built`) once it holds the lock, in `dir`. */
function builder(dir: string, yields: boolean) {
  const code = `const { whileBuilding } = await import(${JSON.stringify(LOCK_MODULE)}); await whileBuilding(async () => (await import('node:fs')).writeFileSync('built', ''));`;
  return spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: dir, env: { ...process.env, TILES_BUILD_YIELD: yields ? '1' : '' } });
}

const exited = (child: ReturnType<typeof spawn>) => new Promise((done) => child.once('exit', done));
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A directory where another, living process waits for the lock. */
function othersWaiting(name: string): { dir: string; stop: () => void } {
  const dir = join(work, name);
  const sleeper = spawn('sleep', ['60']);
  sleepers.push(sleeper);
  mkdirSync(join(dir, '.wrangler', 'astro-build.waiting'), { recursive: true });
  const mark = join(dir, '.wrangler', 'astro-build.waiting', String(sleeper.pid));
  writeFileSync(mark, '');
  return { dir, stop: () => rmSync(mark) };
}

it('a yielding build waits while another build waits for the lock, and builds once none does', async () => {
  const { dir, stop } = othersWaiting('yields');
  const child = builder(dir, true);
  await pause(1500);
  expect(existsSync(join(dir, 'built'))).toBe(false);
  stop();
  await exited(child);
  expect(existsSync(join(dir, 'built'))).toBe(true);
});

it('a build that does not yield takes the free lock at once, whoever waits', async () => {
  const { dir } = othersWaiting('takes');
  await exited(builder(dir, false));
  expect(existsSync(join(dir, 'built'))).toBe(true);
  expect(existsSync(join(dir, '.wrangler', 'astro-build.lock'))).toBe(false);
});
