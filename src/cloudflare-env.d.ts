import type { Env as PlatformEnv } from '../functions/env.ts';

// `import { env } from 'cloudflare:workers'` is typed by Cloudflare.Env: it is our Env.
declare global {
  namespace Cloudflare {
    interface Env extends PlatformEnv {}
  }
}

export {};
