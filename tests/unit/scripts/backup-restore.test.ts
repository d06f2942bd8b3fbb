import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, expect, it } from 'vitest';
import { findD1File } from '../../../scripts/d1-file.mjs';

const work = mkdtempSync(join(tmpdir(), 'tiles-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const env = (state: string) => ({ ...process.env, TILES_STATE_DIR: state, CLOUDFLARE_CF_FETCH_ENABLED: 'false', CI: '1' });
const wrangler = (state: string, ...args: string[]) =>
  execFileSync(process.execPath, ['node_modules/wrangler/bin/wrangler.js', 'd1', ...args, '--local', '--persist-to', state], {
    env: env(state),
    encoding: 'utf8',
  });

it('npm run restore brings a backup into an empty local state, where the Worker reads it', { timeout: 120_000 }, () => {
  const live = join(work, 'live');
  wrangler(live, 'migrations', 'apply', 'DB');
  const file = findD1File(live);
  expect(file).not.toBeNull();
  const db = new DatabaseSync(file as string);
  db.prepare("INSERT INTO meta (key, value) VALUES ('backup-check', 'kept')").run();
  db.close();

  const backup = join(work, 'tiles.sqlite');
  execFileSync(process.execPath, ['scripts/backup.mjs', backup], { env: env(live) });

  const empty = join(work, 'restored');
  execFileSync(process.execPath, ['scripts/restore.mjs', backup], { env: env(empty) });
  const answer = JSON.parse(wrangler(empty, 'execute', 'DB', '--json', '--command', "SELECT value FROM meta WHERE key = 'backup-check'"));
  expect(answer[0].results).toEqual([{ value: 'kept' }]);
  // Every migration came with it: the restored state needs none applied.
  expect(wrangler(empty, 'migrations', 'list', 'DB')).toMatch(/No migrations to apply/);
});

it('npm run restore refuses a file that is not a database, and changes nothing', () => {
  const junk = join(work, 'junk.sqlite');
  execFileSync('sh', ['-c', `echo not-a-database > ${junk}`]);
  expect(() => execFileSync(process.execPath, ['scripts/restore.mjs', junk], { env: env(join(work, 'other')), stdio: 'pipe' })).toThrow();
  expect(findD1File(join(work, 'other'))).toBeNull();
});
