// Content-Security-Policy by hash: the only inline scripts allowed are the two Astro writes for
// islands (its prebuilt island runtime and the client:load directive) and our own sign-in hint in
// the default layout's <head> (src/server/session-hint.ts). Hoisted scripts are never
// inlined (assetsInlineLimit 0), and the build fails if any other inline script appears in a page.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import loadDirective from 'astro/runtime/client/load.prebuilt.js';
import { headersFile } from '../core/security-headers.ts';
import { SESSION_HINT_SCRIPT } from '../src/server/session-hint.ts';
import { inlineScripts } from './inline-scripts.mjs';

const hash = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
export const SCRIPT_HASHES = [hash(islandScript), hash(loadDirective), hash(SESSION_HINT_SCRIPT)];

async function htmlFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.html')).map((entry) => `${entry.parentPath}/${entry.name}`);
}

export function securityHeaders() {
  return {
    name: 'tiles-security-headers',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { define: { 'import.meta.env.CSP_SCRIPT_HASHES': JSON.stringify(SCRIPT_HASHES) }, build: { assetsInlineLimit: 0 } } });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        for (const file of await htmlFiles(root)) {
          const html = await readFile(file, 'utf8');
          for (const script of inlineScripts(html)) {
            if (!SCRIPT_HASHES.includes(hash(script))) throw new Error(`Inline script not allowed by the CSP in ${file}: ${script.slice(0, 80)}`);
          }
        }
        await writeFile(new URL('_headers', dir), headersFile(SCRIPT_HASHES));
        logger.info('security headers written to _headers');
      },
    },
  };
}
