import { handle } from '@astrojs/cloudflare/handler';
import type { Env } from '../functions/env.ts';
import { withSecurityHeaders } from './server/secure-headers.ts';

/**
 * The Worker (wrangler.toml `main`): Astro's handler, with the security headers set on whatever it
 * answers. Astro refuses a cross-site form post (its origin check) and answers some errors before
 * any middleware runs, so only here does every response get them.
 */
export default {
  async fetch(request, env, context) {
    return withSecurityHeaders(await handle(request, env, context), new URL(request.url));
  },
} satisfies ExportedHandler<Env>;
