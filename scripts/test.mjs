// npm test: unit and API tests (vitest), then the browser tests (Playwright in Debian's Chromium).
// The whole run's wall time comes last, also when a step fails (run() exits the process then).
import { formatElapsed } from './elapsed.mjs';
import { run } from './local-env.mjs';

const started = Date.now();
process.on('exit', () => console.log(`\nnpm test: ${formatElapsed(Date.now() - started)}`));

run('npx', ['vitest', 'run']);
run('npx', ['playwright', 'test']);
