import type { Env as PlatformEnv } from '../functions/env.ts';

// `import { env } from 'cloudflare:workers'` is typed by Cloudflare.Env: it is our Env.
declare global {
  namespace Cloudflare {
    // Declaration merging needs an interface, not a type alias: it adds our bindings to Cloudflare's.
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface Env extends PlatformEnv {}
  }
}

export {};
