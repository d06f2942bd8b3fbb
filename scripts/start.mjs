// npm start: migrate and seed the local D1, build, and serve the production build in workerd.
import { appendFileSync, rmSync } from 'node:fs';
import { run, STATE_DIR, wrangler } from './local-env.mjs';

if (process.env.TILES_FRESH === '1') rmSync(STATE_DIR, { recursive: true, force: true });
run(process.execPath, ['scripts/prepare-db.mjs']);
run('npx', ['astro', 'build']);
const port = process.env.PORT ?? '4321';
addExtraVars();
// The build copies .dev.vars next to the Worker (dist/server/.dev.vars): wrangler reads it from there.
wrangler(['dev', '--config', 'dist/server/wrangler.json', '--port', port, '--ip', '127.0.0.1', '--persist-to', STATE_DIR, '--show-interactive-dev-session=false']);

/** TILES_EXTRA_VARS (a JSON object) adds configuration for a test run, such as identity providers. */
function addExtraVars() {
  if (!process.env.TILES_EXTRA_VARS) return;
  const extra = Object.entries(JSON.parse(process.env.TILES_EXTRA_VARS)).map(([key, value]) => `${key}='${String(value)}'`);
  appendFileSync('dist/server/.dev.vars', `\n${extra.join('\n')}\n`);
}
