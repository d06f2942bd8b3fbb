// npm start: migrate and seed the local D1, build, and serve the production build in workerd.
import { rmSync } from 'node:fs';
import { run, STATE_DIR, wrangler } from './local-env.mjs';

if (process.env.TILES_FRESH === '1') rmSync(STATE_DIR, { recursive: true, force: true });
run(process.execPath, ['scripts/prepare-db.mjs']);
run('npx', ['astro', 'build']);
const port = process.env.PORT ?? '4321';
wrangler(['dev', '--config', 'dist/server/wrangler.json', '--port', port, '--ip', '127.0.0.1', '--persist-to', STATE_DIR, '--env-file', '.dev.vars', '--show-interactive-dev-session=false']);
