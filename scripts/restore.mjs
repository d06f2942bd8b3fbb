// npm run restore -- file: replaces the local D1 database with a backup made by npm run backup.
// Stop `npm start` first. An empty state (a fresh clone, or TILES_STATE_DIR pointing at a new
// folder) is created with the migrations first, so miniflare knows the database, then replaced.
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { findD1File } from './d1-file.mjs';
import { STATE_DIR, wrangler } from './local-env.mjs';
import { forgetPreparation } from './start-stamp.mjs';

const file = process.argv[2] && resolve(process.argv[2]);
if (!file || !existsSync(file)) {
  console.error('Usage: npm run restore -- <backup.sqlite>');
  process.exit(1);
}
const check = new DatabaseSync(file, { readOnly: true });
const integrity = check.prepare('PRAGMA integrity_check').get();
check.close();
if (Object.values(integrity)[0] !== 'ok') {
  console.error(`${file} is not a sound SQLite database: ${JSON.stringify(integrity)}`);
  process.exit(1);
}
if (!findD1File(STATE_DIR)) wrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', STATE_DIR], { capture: true });
const target = findD1File(STATE_DIR);
if (!target) throw new Error(`wrangler created no D1 database in ${STATE_DIR}`);
for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
copyFileSync(file, target);
// Another database: the next `npm start` migrates it and builds its published content again.
forgetPreparation(STATE_DIR);
console.log(`Restored ${file} into ${target}`);
