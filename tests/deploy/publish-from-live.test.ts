import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { startWorker } from '../../scripts/worker-server.mjs';

// Two databases: a "live" Worker holding what editors published, and a builder whose own database
// starts empty. `npm run deploy -- --dry-run` must render the live content, and bundle the Worker.
const ROOT = '.wrangler/deploy-test';
const LIVE_STATE = `${ROOT}/live-state`;
const FIRST = `${ROOT}/first`;
const FROM_LIVE = `${ROOT}/from-live`;
const PORT = Number(process.env.DEPLOY_TEST_PORT ?? 4380);
const LIVE = `http://127.0.0.1:${PORT}`;
const TOKEN = randomBytes(32).toString('hex');
const EDITED_TITLE = `Informativa pubblicata dalla redazione ${Date.now()}`;
// TILES_BUILD_YIELD: a publish in the browser suite, which runs beside this one, builds first (scripts/build-lock.mjs).
const env = { ...process.env, CI: '1', CLOUDFLARE_CF_FETCH_ENABLED: 'false', TILES_BUILD_YIELD: '1' };

/** Runs a script of ours with the pinned Node; its output, or the test fails with it. */
function node(args: string[], extra: Record<string, string> = {}): string {
  const result = spawnSync(process.execPath, args, { encoding: 'utf8', env: { ...env, ...extra }, timeout: 400_000 });
  const output = `${result.stdout}\n${result.stderr}`;
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} failed (${result.status}):\n${output.slice(-3000)}`);
  return output;
}

let live: Awaited<ReturnType<typeof startWorker>> | undefined;
afterAll(async () => {
  await live?.stop();
  rmSync(ROOT, { recursive: true, force: true });
});

/** An editor signs in, rewords the Italian privacy page and publishes it, as the CMS panel does. */
async function publishEditedPrivacyPage(): Promise<void> {
  const headers = { 'tiles-site-id': 'tiles-demo', 'tiles-locale-code': 'it-IT', origin: LIVE, 'content-type': 'application/json' };
  const login = await fetch(`${LIVE}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ cu: 'editor.demo', cp: 'Editor-Demo-2026!', ua: 'deploy-test' }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const edit = { title: EDITED_TITLE, description: 'Pubblicata nel database del sito.', body: [{ type: 'p', text: 'Testo del sito in produzione.' }] };
  const saved = await fetch(`${LIVE}/api/cms/documents/content/it-IT/privacy`, { method: 'PUT', headers: { ...headers, cookie }, body: JSON.stringify(edit) });
  expect(saved.status).toBe(200);
  const published = await fetch(`${LIVE}/api/cms/publish`, { method: 'POST', headers: { ...headers, cookie }, body: '{}' });
  expect(published.status).toBe(200);
}

const page = (dir: string, path: string) => readFileSync(`${dir}/client/${path}`, 'utf8');

describe('npm run deploy -- --dry-run', () => {
  it('builds a first deploy from the seed, then a release from the live site, never from its own disk, and bundles the Worker within limits', async () => {
    rmSync(ROOT, { recursive: true, force: true });

    // A first deploy: no live site yet, so the seed's reference data, said so; the bundle is measured.
    const first = node(['scripts/deploy.mjs', '--dry-run', '--out-dir', FIRST], { DEPLOY_SITE_URL: '', BUILD_WORKER_TOKEN: '' });
    expect(first).toContain("built from the demo seed's reference data");
    expect(first).toMatch(/Worker bundle: [\d.]+ KiB, [\d.]+ KiB gzip; Workers' limit: 3072\.0 KiB gzip \(Free\)/);
    expect(first).toContain('nothing was deployed');
    expect(existsSync(`${FIRST}/bundle/entry.mjs`)).toBe(true);
    expect(page(FIRST, 'it-IT/privacy.html')).not.toContain(EDITED_TITLE);

    // That build becomes the live Worker, on a database of its own, served as npm start serves a build, where an editor publishes.
    node(['scripts/prepare-db.mjs'], { TILES_STATE_DIR: LIVE_STATE });
    live = await startWorker({ dir: FIRST, port: PORT, stateDir: LIVE_STATE, bindings: { BUILD_WORKER_TOKEN: TOKEN } });
    await publishEditedPrivacyPage();
    // npm start's hourly housekeeping runs on a served Worker, through the trigger address.
    await expect(live.scheduled('17 * * * *')).resolves.toBeUndefined();

    // The release: the builder's fresh database gets the live snapshot; a wrong token is refused.
    expect(() =>
      node(['scripts/deploy.mjs', '--dry-run', '--out-dir', `${ROOT}/refused`], { DEPLOY_SITE_URL: LIVE, BUILD_WORKER_TOKEN: 'x'.repeat(64) }),
    ).toThrow(/answered 404: is BUILD_WORKER_TOKEN/);
    const release = node(['scripts/deploy.mjs', '--dry-run', '--out-dir', FROM_LIVE], { DEPLOY_SITE_URL: LIVE, BUILD_WORKER_TOKEN: TOKEN });
    expect(release).toMatch(/Building from the live content of http:\/\/127\.0\.0\.1:\d+ \(\d+ rows\)/);
    expect(page(FROM_LIVE, 'it-IT/privacy.html')).toContain(EDITED_TITLE);
    expect(page(FROM_LIVE, 'it-IT/privacy.html')).toContain('Testo del sito in produzione.');
    // What the editor did not touch is as the live site has it.
    expect(page(FROM_LIVE, 'en-US/privacy.html')).not.toContain(EDITED_TITLE);
    const count = (dir: string) => page(dir, 'it-IT/catalogo-corsi.html').match(/Corsi trovati: \d+/)?.[0];
    expect(count(FROM_LIVE)).toBeDefined();
    expect(count(FROM_LIVE)).toBe(count(FIRST));
    expect(existsSync(`${FROM_LIVE}/bundle/entry.mjs`)).toBe(true);
    // The builder's database was its own and is gone: nothing of the live site stays on its disk.
    expect(existsSync('.wrangler/build-state') ? readdirSync('.wrangler/build-state').filter((name) => name.endsWith('from-live')) : []).toEqual([]);
  });
});
