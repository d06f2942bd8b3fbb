// Starts the production build in workerd for a benchmark, on its own port and database.
import { spawn } from 'node:child_process';

export async function startServer({ port = 4498, stateDir = '.wrangler/bench-state', fresh = true } = {}) {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(port), TILES_STATE_DIR: stateDir, TILES_FRESH: fresh ? '1' : '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const base = `http://localhost:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      const response = await fetch(`${base}/it-IT`);
      if (response.ok) return { base, stop: () => process.kill(-child.pid, 'SIGTERM') };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  process.kill(-child.pid, 'SIGTERM');
  throw new Error('The server did not start');
}

/** Signs in the demo learner and returns the cookie header to send. */
export async function signIn(base, code = 'studente.demo', password = 'Studente-Demo-2026!') {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'tiles-site-id': 'tiles-demo', 'tiles-locale-code': 'it-IT' },
    body: JSON.stringify({ cu: code, cp: password, ua: 'bench' }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers.get('set-cookie').split(';')[0];
}
