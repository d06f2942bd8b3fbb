// npm run backup [-- file]: a consistent copy of the local D1 database (SQLite's VACUUM INTO),
// safe while `npm start` is serving. Production uses D1 Time Travel instead (README).
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { findD1File } from './d1-file.mjs';
import { STATE_DIR } from './local-env.mjs';

const source = findD1File(STATE_DIR);
if (!source) {
  console.error(`No local D1 database in ${STATE_DIR}: start the platform once (npm start) first.`);
  process.exit(1);
}
const target = resolve(process.argv[2] ?? `backups/tiles-${new Date().toISOString().replace(/[:.]/g, '-')}.sqlite`);
mkdirSync(dirname(target), { recursive: true });
const db = new DatabaseSync(source, { readOnly: true });
db.exec(`VACUUM INTO '${target.replaceAll("'", "''")}'`);
const { count } = db.prepare("SELECT COUNT(*) AS count FROM sqlite_master WHERE type = 'table'").get();
db.close();
console.log(`Backed up ${source} (${count} tables) to ${target}`);
