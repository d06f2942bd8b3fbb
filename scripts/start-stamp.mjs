// What lets a second `npm start` skip the database preparation and the build when nothing they
// depend on changed: a hash of the sources, recorded in the state folder once it is prepared and in
// the build folder once it is built. A publish that goes live, a restore or a wiped state makes the
// next start rebuild (the pre-rendered pages hold the published content of that database).
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Everything the seed, the migrations and the build read from the checkout. */
const INPUTS = [
  'astro.config.mjs',
  'package-lock.json',
  'tsconfig.json',
  'wrangler.toml',
  '.dev.vars',
  'core',
  'functions',
  'integrations',
  'migrations',
  'public',
  'scripts',
  'seed',
  'src',
];
const STATE_STAMP = 'tiles-prepared.json';
const BUILD_STAMP = 'tiles-build.json';

/** Every file under `path` (itself when it is a file), sorted; nothing when it does not exist. */
function filesOf(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** A hash of every input file's path and content (a few MB: well under a second). */
export function sourceStamp(root = '.') {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of filesOf(join(root, input))) hash.update(`${file}\0`).update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/** The state folder's record: prepared from these sources, and a token naming that preparation. */
export function preparedState(stateDir, source) {
  const stamp = readJson(join(stateDir, STATE_STAMP));
  return stamp?.source === source ? stamp : null;
}

export function markPrepared(stateDir, source) {
  const stamp = { source, token: randomUUID() };
  writeFileSync(join(stateDir, STATE_STAMP), JSON.stringify(stamp));
  return stamp;
}

/** True when `outDir` was built from these sources on this preparation of the database. */
export function isBuilt(outDir, source, prepared) {
  const stamp = readJson(join(outDir, BUILD_STAMP));
  return Boolean(prepared && stamp?.source === source && stamp.stateToken === prepared.token && existsSync(join(outDir, 'server', 'wrangler.json')));
}

export function markBuilt(outDir, source, prepared) {
  writeFileSync(join(outDir, BUILD_STAMP), JSON.stringify({ source, stateToken: prepared.token }));
}

/** After a publish went live (the folder's pages are older than the published content) or a restore. */
export function forgetBuild(outDir) {
  rmSync(join(outDir, BUILD_STAMP), { force: true });
}

export function forgetPreparation(stateDir) {
  rmSync(join(stateDir, STATE_STAMP), { force: true });
}
