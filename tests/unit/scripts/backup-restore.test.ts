import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { getPlatformProxy } from 'wrangler';
import { findD1File } from '../../../scripts/d1-file.mjs';
import { openLocalD1 } from '../../../scripts/d1-local.mjs';
import { applyMigrations } from '../../../scripts/d1-sql.mjs';

const work = mkdtempSync(join(tmpdir(), 'tiles-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const env = (state: string) => ({ ...process.env, TILES_STATE_DIR: state, CLOUDFLARE_CF_FETCH_ENABLED: 'false', CI: '1' });
const script = (state: string, name: string, ...args: string[]) =>
  execFileSync(process.execPath, [`scripts/${name}.mjs`, ...args], { env: env(state), stdio: 'pipe' });

/** The state's D1 and R2 as the Worker has them, through one platform proxy. */
async function withState<T>(state: string, use: (bindings: { DB: D1Database; MEDIA: R2Bucket }) => Promise<T>): Promise<T> {
  process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';
  const platform = await getPlatformProxy<{ DB: D1Database; MEDIA: R2Bucket }>({ persist: { path: join(state, 'v3') } });
  try {
    return await use(platform.env);
  } finally {
    await platform.dispose();
  }
}

/** Every person and every media file's bytes: what a provider must find again after a restore. */
const contents = (state: string, keys: string[]) =>
  withState(state, async ({ DB, MEDIA }) => ({
    people: (await DB.prepare('SELECT id, code, email, first_name, last_name FROM user ORDER BY id').all()).results,
    files: Object.fromEntries(await Promise.all(keys.map(async (key): Promise<[string, string | undefined]> => [key, await (await MEDIA.get(key))?.text()]))),
  }));

// Issue 35: a provider on one machine backs up, loses the machine's state, restores, and finds every
// user and every file again.
it('npm run backup keeps the database and the media files; after a wipe, npm run restore brings both back', { timeout: 180_000 }, async () => {
  const live = join(work, 'live');
  const keys = ['lezione.pdf', 'video/intro.webm'];
  const db = await openLocalD1(live);
  await applyMigrations(db);
  await db.dispose();
  await withState(live, async ({ DB, MEDIA }) => {
    await DB.prepare(
      "INSERT INTO site (id, nice_name, logo, default_locale, supported_locales) VALUES ('tiles-demo', 'Tiles', 'tiles.svg', 'it-IT', '[\"it-IT\"]')",
    ).run();
    const insert = DB.prepare(
      "INSERT INTO user (id, site_id, code, password_hash, first_name, last_name, email, gender, locale, roles, created_at, updated_at) VALUES (?, 'tiles-demo', ?, 'x', ?, ?, ?, 'f', 'it-IT', '[\"learner\"]', 0, 0)",
    );
    await insert.bind('u-1', 'anna.verdi', 'Anna', 'Verdi', 'anna@example.it').run();
    await insert.bind('u-2', 'nicolo.dannunzio', 'Nicolò', "D'Annunzio", 'nicolo@example.it').run();
    for (const [index, key] of keys.entries()) await MEDIA.put(key, `contenuto ${index} ${'è'.repeat(1000 * (index + 1))}`);
  });
  const before = await contents(live, keys);
  expect(before.people).toHaveLength(2);
  expect(Object.values(before.files).every((text) => text?.startsWith('contenuto'))).toBe(true);

  const backup = join(work, 'backup');
  script(live, 'backup', backup);
  rmSync(live, { recursive: true, force: true });
  script(live, 'restore', backup);

  expect(await contents(live, keys)).toEqual(before);
  // Every migration came with it: wrangler finds none to apply on the restored state.
  const listed = execFileSync(process.execPath, ['node_modules/wrangler/bin/wrangler.js', 'd1', 'migrations', 'list', 'DB', '--local', '--persist-to', live], {
    env: env(live),
    encoding: 'utf8',
  });
  expect(listed).toMatch(/No migrations to apply/);
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
