// @ts-check
import { defineConfig } from 'astro/config';
import cloudflare from '@astrojs/cloudflare';
import react from '@astrojs/react';
import { buildInfo } from './integrations/build-info.mjs';
import { reservedPaths } from './integrations/reserved-paths.mjs';
import { securityHeaders } from './integrations/security-headers.mjs';
import { trailingSlash } from './integrations/trailing-slash.mjs';
import { outDirOf } from './scripts/out-dir.mjs';

// `astro dev` runs the Worker in workerd too: without this, every request tries to fetch the
// `Request.cf` object from Cloudflare and logs a network error on a machine without internet.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false';

export default defineConfig({
  site: process.env.PUBLIC_SITE_URL ?? 'http://localhost:4321',
  // Pages are static unless they opt out with `export const prerender = false`.
  output: 'static',
  // dist/ unless TILES_OUT_DIR names another folder (the tests' server: see scripts/out-dir.mjs).
  outDir: outDirOf(process.env),
  adapter: cloudflare({ persistState: { path: process.env.TILES_STATE_DIR ?? '.wrangler/state' } }),
  integrations: [react(), buildInfo(), securityHeaders(), reservedPaths(), trailingSlash()],
  trailingSlash: 'ignore',
  build: { format: 'file' },
  prefetch: false,
  security: { checkOrigin: true },
});
