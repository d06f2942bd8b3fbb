// npm run backup [-- folder]: a consistent copy of what `npm start` keeps, safe while it serves:
// the D1 database and the media bucket's index (SQLite's VACUUM INTO, each a consistent snapshot)
// and the bucket's files (R2 writes a file before its index row and never changes it after).
// Production uses D1 Time Travel and R2's own durability instead (README).
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { BACKUP_PARTS, stateFiles } from './state-files.mjs';
import { STATE_DIR } from './local-env.mjs';

const target = resolve(process.argv[2] ?? `backups/tiles-${new Date().toISOString().replace(/[:.]/g, '-')}`);
if (existsSync(target) && readdirSync(target).length > 0) {
  console.error(`${target} exists and is not empty: name a new folder.`);
  process.exit(1);
}
const files = stateFiles(STATE_DIR);
if (!files.databases.some((database) => database.part === 'd1')) {
  console.error(`No local D1 database in ${STATE_DIR}: start the platform once (npm start) first.`);
  process.exit(1);
}
for (const { part, path, name } of files.databases) {
  mkdirSync(join(target, part), { recursive: true });
  const db = new DatabaseSync(path, { readOnly: true });
  db.exec(`VACUUM INTO '${join(target, part, name).replaceAll("'", "''")}'`);
  db.close();
}
// The index was copied first: every file it names was written before it, so is here now.
for (const { bucket, path, name } of files.blobs) {
  mkdirSync(join(target, 'r2-files', bucket), { recursive: true });
  copyFileSync(path, join(target, 'r2-files', bucket, name));
}
console.log(`Backed up ${STATE_DIR} (${BACKUP_PARTS.join(', ')}: ${files.databases.length} databases, ${files.blobs.length} media files) to ${target}`);
