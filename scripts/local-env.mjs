// Shared by the start, dev and test scripts: where the local D1 state lives and how to call wrangler.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';

export const STATE_DIR = process.env.TILES_STATE_DIR ?? '.wrangler/state';

/** .dev.vars holds the local secrets; a fresh clone gets the development defaults. */
export function ensureDevVars() {
  if (!existsSync('.dev.vars')) {
    copyFileSync('.dev.vars.example', '.dev.vars');
    console.log('Created .dev.vars from .dev.vars.example (development secrets).');
  }
  const vars = {};
  for (const line of readFileSync('.dev.vars', 'utf8').split('\n')) {
    const match = line.match(/^\s*([A-Z_][A-Z0-9_]*)\s*=\s*(.*)\s*$/);
    if (match) vars[match[1]] = match[2].replace(/^"(.*)"$/, '$1');
  }
  return vars;
}

/**
 * The environment of every local tool: CI mode (no prompts), and no fetch of Cloudflare's
 * `Request.cf` sample from the internet (miniflare's placeholder is enough locally, and a machine
 * without internet would log a network error on every start).
 */
export function localProcessEnv() {
  return { ...process.env, CI: '1', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };
}

/** Runs a command with the pinned Node's tools on PATH; stops the script when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    stdio: options.capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    encoding: 'utf8',
    env: { ...localProcessEnv(), ...options.env },
  });
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed with ${result.status}`);
    process.exit(result.status ?? 1);
  }
  return result.stdout ?? '';
}

export function wrangler(args, options) {
  return run('npx', ['wrangler', ...args], options);
}

/** Waits (at most two minutes) until a server on `port` answers its Italian home with 200. */
export async function waitUntilReady(port, what = `workerd on ${port}`) {
  for (let i = 0; i < 240; i++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/it-IT`);
      if (response.status === 200) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${what} did not start`);
}
