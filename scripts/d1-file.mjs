// Where miniflare keeps the local D1 database of the DB binding: one SQLite file per database
// under {state}/v3/d1/miniflare-D1DatabaseObject/, named by a hash of the database id.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export function d1Directory(stateDir) {
  return join(stateDir, 'v3', 'd1', 'miniflare-D1DatabaseObject');
}

/** The database file, or null when the state has none yet. */
export function findD1File(stateDir) {
  const dir = d1Directory(stateDir);
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir).filter((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite');
  if (files.length > 1) throw new Error(`More than one D1 database in ${dir}: ${files.join(', ')}`);
  return files[0] ? join(dir, files[0]) : null;
}
