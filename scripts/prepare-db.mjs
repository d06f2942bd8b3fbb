// Applies the D1 migrations to the local database and loads the demo seed.
// Reference data is INSERT OR IGNORE (never overwrites); the demo history is loaded once.
// The demo's course media go into the local R2 bucket once (scripts/seed-media.mjs).
import { ensureDevVars, run, STATE_DIR, wrangler } from './local-env.mjs';
import { seedMedia } from './seed-media.mjs';

const vars = ensureDevVars();
const local = ['--local', '--persist-to', STATE_DIR];
wrangler(['d1', 'migrations', 'apply', 'DB', ...local]);
run(process.execPath, ['seed/build-seed.ts', '.wrangler/seed'], {
  env: { PASSWORD_PEPPER: vars.PASSWORD_PEPPER ?? '', SESSION_SECRET: vars.SESSION_SECRET ?? '' },
});
wrangler(['d1', 'execute', 'DB', ...local, '--file', '.wrangler/seed/reference.sql'], { capture: true });
console.log('Reference data (site, locales, strings, courses, pages, badges, levels) in place.');
const answer = wrangler(['d1', 'execute', 'DB', ...local, '--json', '--file', 'seed/seeded-at.sql'], { capture: true });
const seeded = JSON.parse(answer)[0]?.results?.[0]?.value;
if (seeded) {
  console.log(`Demo history already loaded (${seeded}): kept as it is.`);
} else {
  wrangler(['d1', 'execute', 'DB', ...local, '--file', '.wrangler/seed/demo.sql'], { capture: true });
  console.log('Demo history loaded.');
}
seedMedia();
