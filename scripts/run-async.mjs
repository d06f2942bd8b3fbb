import { spawn } from 'node:child_process';

/** Runs a command without blocking the event loop (`npm start`'s shares it); resolves with its output tail. */
export function runAsync(command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, CI: '1', CLOUDFLARE_CF_FETCH_ENABLED: 'false', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    const keep = (chunk) => (tail = (tail + chunk).slice(-4000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(tail) : reject(new Error(`${command} ${args.join(' ')} failed (${code}): ${tail.slice(-600)}`))));
  });
}
