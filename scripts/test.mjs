// npm test: unit and API tests (vitest), then the browser tests (Playwright in Debian's Chromium).
import { run } from './local-env.mjs';

run('npx', ['vitest', 'run']);
run('npx', ['playwright', 'test']);
