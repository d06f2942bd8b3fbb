// The local stand-in for a deploy hook: picks up queued publish requests, rebuilds the static site
// from D1 into a new folder, starts it in workerd beside the running one, and switches the proxy
// over once it answers, so no request is dropped. Reports each build's outcome to the API.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, rmSync } from 'node:fs';

const POLL_MS = Number(process.env.BUILD_POLL_MS ?? 3000);

/** Runs a command without blocking the proxy that shares this process; resolves with its output tail. */
export function runAsync(command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, CI: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    const keep = (chunk) => (tail = (tail + chunk).slice(-4000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code) => (code === 0 ? resolve(tail) : reject(new Error(`${command} ${args.join(' ')} failed (${code}): ${tail.slice(-600)}`))));
  });
}

export function startBuildWorker({ stateDir, token, extraVars, upstream, swap }) {
  let busy = false;
  let generation = 0;
  const api = (path, body) =>
    fetch(`http://127.0.0.1:${upstream().port}${path}`, {
      method: 'POST',
      headers: { 'x-build-worker': token, 'content-type': 'application/json', 'tiles-locale-code': 'it-IT' },
      body: JSON.stringify(body ?? {}),
    }).then((response) => response.json());

  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      const claim = (await api('/api/cms/builds/claim')).outcome;
      if (!claim) return;
      const outDir = `.wrangler/builds/${Date.now()}-${++generation}`;
      const started = Date.now();
      try {
        await runAsync('npx', ['astro', 'build', '--outDir', outDir], { TILES_STATE_DIR: stateDir });
        appendFileSync(`${outDir}/server/.dev.vars`, `\n${extraVars}\n`);
        const previous = await swap(outDir);
        const buildId = JSON.parse(readFileSync(`${outDir}/client/builds/latest.json`, 'utf8')).id;
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
