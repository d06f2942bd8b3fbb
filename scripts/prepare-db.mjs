// Applies the D1 migrations to the local database and loads the demo seed (scripts/d1-sql.mjs on
// scripts/d1-local.mjs).
// Reference data is INSERT OR IGNORE (never overwrites); the demo history is loaded once.
// The demo's course media go into the local R2 bucket once (scripts/seed-media.mjs), the SCORM
// packages' unpacked files through the platform proxy.
// Then the catalogue's search index is brought up to date with every course text the seed (or an
// earlier run) changed, by the Worker's own code on the local D1: no Worker needs to be running.
import { join } from 'node:path';
import { getPlatformProxy } from 'wrangler';
import { refreshSearchIndex } from '../functions/data/lms/search-index.ts';
import { openLocalD1 } from './d1-local.mjs';
import { applyMigrations, executeSqlFile } from './d1-sql.mjs';
import { ensureDevVars, localProcessEnv, run, STATE_DIR } from './local-env.mjs';
import { seedMedia, seedPackageFiles } from './seed-media.mjs';

const vars = ensureDevVars();
run(process.execPath, ['seed/build-seed.ts', '.wrangler/seed'], {
  env: { PASSWORD_PEPPER: vars.PASSWORD_PEPPER ?? '', SESSION_SECRET: vars.SESSION_SECRET ?? '' },
});
Object.assign(process.env, localProcessEnv());
const db = await openLocalD1(STATE_DIR);
const migrated = await applyMigrations(db);
console.log(migrated.length === 0 ? 'No migrations to apply.' : `Migrations applied: ${migrated.join(', ')}.`);
await executeSqlFile(db, '.wrangler/seed/reference.sql');
console.log('Reference data (site, locales, strings, courses, pages, badges, levels) in place.');
const [seededAt] = await executeSqlFile(db, 'seed/seeded-at.sql');
const seeded = seededAt?.results?.[0]?.value;
if (seeded) {
  console.log(`Demo history already loaded (${seeded}): kept as it is.`);
} else {
  await executeSqlFile(db, '.wrangler/seed/demo.sql');
  console.log('Demo history loaded.');
}
// One workerd on the database at a time: two writing one local file meet SQLITE_BUSY.
await db.dispose();
const platform = await getPlatformProxy({ persist: { path: join(STATE_DIR, 'v3') } });
await seedMedia(platform.env.MEDIA);
const reindexed = await refreshSearchIndex(platform.env.DB, Infinity);
await seedPackageFiles(platform.env.MEDIA);
await platform.dispose();
console.log(`Search index up to date (${reindexed} course${reindexed === 1 ? '' : 's'} rewritten).`);
