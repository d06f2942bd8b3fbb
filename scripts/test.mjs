// npm test: every test, in one command, on a fresh machine too. First the system tools the tests
// need (scripts/system-tools.mjs: installed when root on Debian, else named at once; the browsers
// install while the suites start, and the browser suite's tests wait for them), then the suites side by side, each line prefixed with its suite's name, since on two cores the browser
// suite mostly waits on its browsers and servers: unit and API tests (vitest), the deploy dry run
// (vitest), and the browser tests (Playwright), the longest, ahead of the others for the CPU.
// Each line carries the time since the start, and each suite's wall time and the whole run's come last.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { clockTime } from '../core/resume.ts';
import { formatElapsed } from './elapsed.mjs';
import { localProcessEnv } from './local-env.mjs';
import { canRun, ensureSystemTools } from './system-tools.mjs';

const started = Date.now();
const results = [];
process.on('exit', () => {
  if (results.length > 0) console.log(`\n${results.join('\n')}`);
  console.log(`\nnpm test: ${formatElapsed(Date.now() - started)}`);
});

/** Written when the browsers are in place (or could not be installed): the browser suite's global set-up waits for it. */
const BROWSERS_READY = '.wrangler/browsers-ready';
rmSync(BROWSERS_READY, { force: true });
mkdirSync('.wrangler', { recursive: true });
ensureSystemTools().then(
  () => writeFileSync(BROWSERS_READY, 'ok'),
  (error) => writeFileSync(BROWSERS_READY, String(error.message ?? error)),
);

/** The suites; TILES_TEST_SUITES=e2e,api… runs some of them. */
const SUITES = [
  // Niced: the browser suite is the longest, so it has the cores first; these fill the time it waits.
  { name: 'unit+api', args: ['vitest', 'run', '--project', 'unit', '--project', 'api'], nice: true },
  { name: 'deploy', args: ['vitest', 'run', '--project', 'deploy'], nice: true },
  { name: 'e2e', args: ['playwright', 'test'], nice: false },
];
const canNice = canRun('nice');
const chosen = process.env.TILES_TEST_SUITES?.split(',').map((name) => name.trim());
const suites = chosen ? SUITES.filter((suite) => chosen.includes(suite.name)) : SUITES;
const width = Math.max(...suites.map((suite) => suite.name.length));

/** mm:ss since npm test began, two digits of minutes so that the lines stay aligned. */
const clock = () => clockTime((Date.now() - started) / 1000).padStart(5, '0');

const children = new Set();
function runSuite({ name, args, nice }) {
  const suiteStarted = Date.now();
  const prefix = `[${name}]`.padEnd(width + 2);
  // Its own process group: stopping npm test stops the suite's servers and browsers too.
  const [command, commandArgs] = nice && canNice ? ['nice', ['-n', '10', 'npx', ...args]] : ['npx', args];
  const env = { ...localProcessEnv(), TILES_BROWSERS_READY: BROWSERS_READY };
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'], env, detached: true });
  children.add(child);
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    // With the minutes and seconds since npm test began: when each phase starts and ends reads off the log.
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => out.write(`${prefix} ${clock()} ${line}\n`));
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      children.delete(child);
      const status = code ?? (signal ? 1 : 0);
      results.push(`npm test: ${name} ${status === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${formatElapsed(Date.now() - suiteStarted)}`);
      resolve(status);
    });
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    process.exit(130);
  });
}

const statuses = await Promise.all(suites.map(runSuite));
process.exitCode = statuses.find((status) => status !== 0) ?? 0;
