// npm run restore -- backups/tiles-…: puts a backup made by `npm run backup` (a folder: the D1
// database, the media bucket's index and its files) in place of the local state's. Stop `npm start`
// first. Every database is integrity-checked before anything is replaced; an empty state (a fresh
// clone, or TILES_STATE_DIR naming a new folder) works too. A single `.sqlite` file (an older
// backup, or a D1 copy from elsewhere) replaces the D1 database alone.
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { findD1File } from './d1-file.mjs';
import { STATE_DIR, wrangler } from './local-env.mjs';
import { BACKUP_PARTS, blobFolder, databaseFolder } from './state-files.mjs';
import { forgetPreparation } from './start-stamp.mjs';

const source = process.argv[2] && resolve(process.argv[2]);
if (!source || !existsSync(source)) {
  console.error('Usage: npm run restore -- <backup folder or .sqlite file>');
  process.exit(1);
}

/** Stops the restore, changing nothing, unless `file` is a sound SQLite database. */
function checkSound(file) {
  let verdict;
  try {
    const check = new DatabaseSync(file, { readOnly: true });
    verdict = Object.values(check.prepare('PRAGMA integrity_check').get())[0];
    check.close();
  } catch (error) {
    verdict = error.message;
  }
  if (verdict !== 'ok') {
    console.error(`${file} is not a sound SQLite database: ${verdict}`);
    process.exit(1);
  }
}

if (statSync(source).isDirectory()) {
  const databases = BACKUP_PARTS.flatMap((part) => (existsSync(join(source, part)) ? readdirSync(join(source, part)).map((name) => ({ part, name })) : []));
  if (!databases.some((database) => database.part === 'd1')) {
    console.error(`${source} holds no D1 database: not a backup made by npm run backup.`);
    process.exit(1);
  }
  for (const { part, name } of databases) checkSound(join(source, part, name));
  for (const part of BACKUP_PARTS) {
    const folder = databaseFolder(STATE_DIR, part);
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
  }
  for (const { part, name } of databases) copyFileSync(join(source, part, name), join(databaseFolder(STATE_DIR, part), name));
  // The bucket files of the state are replaced by the backup's: a file the restored index does not name is gone.
  const buckets = existsSync(join(source, 'r2-files')) ? readdirSync(join(source, 'r2-files')) : [];
  for (const bucket of buckets) {
    rmSync(blobFolder(STATE_DIR, bucket), { recursive: true, force: true });
    cpSync(join(source, 'r2-files', bucket), blobFolder(STATE_DIR, bucket), { recursive: true });
  }
  console.log(`Restored ${source} into ${STATE_DIR} (${databases.length} databases, ${buckets.length} bucket${buckets.length === 1 ? '' : 's'} of files)`);
} else {
  checkSound(source);
  if (!findD1File(STATE_DIR)) wrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', STATE_DIR], { capture: true });
  const target = findD1File(STATE_DIR);
  if (!target) throw new Error(`wrangler created no D1 database in ${STATE_DIR}`);
  for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
  copyFileSync(source, target);
  console.log(`Restored ${source} into ${target}`);
}
// Another database: the next `npm start` migrates it and builds its published content again.
forgetPreparation(STATE_DIR);
