// Applies the D1 migrations to the local database and loads the demo seed.
// Reference data is INSERT OR IGNORE (never overwrites); the demo history is loaded once.
// The demo's course media go into the local R2 bucket once (scripts/seed-media.mjs), the SCORM
// packages' unpacked files through the platform proxy.
// Then the catalogue's search index is brought up to date with every course text the seed (or an
// earlier run) changed, by the Worker's own code on the local D1: no Worker needs to be running.
import { join } from 'node:path';
import { getPlatformProxy } from 'wrangler';
import { refreshSearchIndex } from '../functions/data/lms/search-index.ts';
import { ensureDevVars, localProcessEnv, run, STATE_DIR, wrangler } from './local-env.mjs';
import { seedMedia, seedPackageFiles } from './seed-media.mjs';

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
Object.assign(process.env, localProcessEnv());
const platform = await getPlatformProxy({ persist: { path: join(STATE_DIR, 'v3') } });
await seedMedia(platform.env.MEDIA);
const reindexed = await refreshSearchIndex(platform.env.DB, Infinity);
await seedPackageFiles(platform.env.MEDIA);
await platform.dispose();
console.log(`Search index up to date (${reindexed} course${reindexed === 1 ? '' : 's'} rewritten).`);
