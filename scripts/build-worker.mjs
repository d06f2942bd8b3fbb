// The local stand-in for a deploy hook: picks up queued publish requests, builds the static site
// from the running Worker's published content (scripts/build-from-live.mjs, the same path as a
// production deploy) into a new folder, starts it in workerd beside the running one, and switches
// the proxy over once it answers, so no request is dropped. Reports each build's outcome to the API.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { runAsync } from './run-async.mjs';

const POLL_MS = Number(process.env.BUILD_POLL_MS ?? 1000);

export function startBuildWorker({ token, upstream, swap }) {
  let busy = false;
  let generation = 0;
  const api = (path, body) =>
    fetch(`http://127.0.0.1:${upstream().port}${path}`, {
      method: 'POST',
      headers: { 'x-build-worker': token, 'content-type': 'application/json', 'tiles-locale-code': 'it-IT' },
      body: JSON.stringify(body ?? {}),
    }).then((response) => response.json());

  const tick = async () => {
    // No upstream while `npm start` stops.
    if (busy || !upstream()) return;
    busy = true;
    try {
      const claim = (await api('/api/cms/builds/claim')).outcome;
      if (!claim) return;
      // Named by this server's process too: a test server's builds never meet those of `npm start`.
      const outDir = `.wrangler/builds/${process.pid}-${Date.now()}-${++generation}`;
      const started = Date.now();
      try {
        const buildId = await buildInChild(`http://127.0.0.1:${upstream().port}`, token, outDir);
        const previous = await swap(outDir);
        await api(`/api/cms/builds/${claim.id}/finish`, { status: 'live', buildId });
        console.log(`Build ${buildId} for publish request ${claim.id} is live after ${((Date.now() - started) / 1000).toFixed(1)} s`);
        if (previous && previous.startsWith('.wrangler/builds/') && existsSync(previous)) rmSync(previous, { recursive: true, force: true });
      } catch (error) {
        console.error(`Publish request ${claim.id} failed:`, error.message);
        await api(`/api/cms/builds/${claim.id}/finish`, { status: 'failed', error: error.message });
        rmSync(outDir, { recursive: true, force: true });
      }
    } catch (error) {
      console.error('Build worker poll failed:', error.message);
    } finally {
      busy = false;
    }
  };
  return setInterval(tick, POLL_MS);
}

/**
 * scripts/build-from-live.mjs in a process of its own: the build's platform proxy and wrangler
 * (some 130 MB once loaded) never stay in the server's memory. Resolves to the new build's id.
 */
async function buildInChild(siteUrl, token, outDir) {
  await runAsync(process.execPath, ['scripts/build-from-live.mjs', '--site-url', siteUrl, '--out-dir', outDir], { BUILD_WORKER_TOKEN: token });
  return JSON.parse(readFileSync(join(outDir, 'client', 'builds', 'latest.json'), 'utf8')).id;
}
