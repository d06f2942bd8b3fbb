import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, expect, it } from 'vitest';
import { findD1File } from '../../../scripts/d1-file.mjs';

const work = mkdtempSync(join(tmpdir(), 'tiles-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const env = (state: string) => ({ ...process.env, TILES_STATE_DIR: state, CLOUDFLARE_CF_FETCH_ENABLED: 'false', CI: '1' });
const wrangler = (state: string, ...args: string[]) =>
  execFileSync(process.execPath, ['node_modules/wrangler/bin/wrangler.js', ...args, '--local', '--persist-to', state], { env: env(state), encoding: 'utf8' });
const script = (state: string, name: string, ...args: string[]) =>
  execFileSync(process.execPath, [`scripts/${name}.mjs`, ...args], { env: env(state), stdio: 'pipe' });

/** Every person and every media file's bytes: what a provider must find again after a restore. */
function contents(state: string, keys: string[]) {
  const db = new DatabaseSync(findD1File(state) as string, { readOnly: true });
  const people = db.prepare('SELECT id, code, email, first_name, last_name FROM user ORDER BY id').all();
  db.close();
  const files = Object.fromEntries(keys.map((key) => [key, wrangler(state, 'r2', 'object', 'get', `tiles-media/${key}`, '--pipe')]));
  return { people, files };
}

// Issue 35: a provider on one machine backs up, loses the machine's state, restores, and finds every
// user and every file again.
it('npm run backup keeps the database and the media files; after a wipe, npm run restore brings both back', { timeout: 180_000 }, () => {
  const live = join(work, 'live');
  wrangler(live, 'd1', 'migrations', 'apply', 'DB');
  const db = new DatabaseSync(findD1File(live) as string);
  db.exec("INSERT INTO site (id, nice_name, logo, default_locale, supported_locales) VALUES ('tiles-demo', 'Tiles', 'tiles.svg', 'it-IT', '[\"it-IT\"]')");
  const insert = db.prepare(
    "INSERT INTO user (id, site_id, code, password_hash, first_name, last_name, email, gender, locale, roles, created_at, updated_at) VALUES (?, 'tiles-demo', ?, 'x', ?, ?, ?, 'f', 'it-IT', '[\"learner\"]', 0, 0)",
  );
  insert.run('u-1', 'anna.verdi', 'Anna', 'Verdi', 'anna@example.it');
  insert.run('u-2', 'nicolo.dannunzio', 'Nicolò', "D'Annunzio", 'nicolo@example.it');
  db.close();
  const keys = ['lezione.pdf', 'video/intro.webm'];
  mkdirSync(join(work, 'files'), { recursive: true });
  for (const [index, key] of keys.entries()) {
    const file = join(work, 'files', String(index));
    writeFileSync(file, `contenuto ${index} ${'è'.repeat(1000 * (index + 1))}`);
    wrangler(live, 'r2', 'object', 'put', `tiles-media/${key}`, '--file', file);
  }
  const before = contents(live, keys);
  expect(before.people).toHaveLength(2);

  const backup = join(work, 'backup');
  script(live, 'backup', backup);
  rmSync(live, { recursive: true, force: true });
  script(live, 'restore', backup);

  expect(contents(live, keys)).toEqual(before);
  // Every migration came with it: the restored state needs none applied.
  expect(wrangler(live, 'd1', 'migrations', 'list', 'DB')).toMatch(/No migrations to apply/);
  // A second backup into the same folder would mix two states: refused.
  expect(() => script(live, 'backup', backup)).toThrow();
});

it('npm run restore refuses a file that is not a database, or a folder without one, and changes nothing', () => {
  const junk = join(work, 'junk.sqlite');
  writeFileSync(junk, 'not-a-database\n');
  expect(() => script(join(work, 'other'), 'restore', junk)).toThrow();
  const folder = join(work, 'junk-backup');
  mkdirSync(join(folder, 'd1'), { recursive: true });
  writeFileSync(join(folder, 'd1', 'db.sqlite'), 'not-a-database\n');
  expect(() => script(join(work, 'other'), 'restore', folder)).toThrow();
  expect(findD1File(join(work, 'other'))).toBeNull();
});
