/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in user (the session's, core/user.ts), set by the session guard; null for visitors. */
    user: import('../core/user.ts').User | null;
    session: import('../functions/auth/session.ts').Session | null;
    /** The current locale: the path's, else the user's, the remembered one or the site default. */
    locale: string;
    /**
     * The site, its locales and the interface strings (`page.t`) of `locale`: loaded once, when a page
     * first awaits it (src/middleware.ts, src/server/request-page.ts); at build time for pre-rendered pages.
     */
    readonly page: Promise<import('./server/page-context.ts').PageContext>;
    /**
     * What the signed-in user's roles grant (empty for visitors): loaded once, when the page gate
     * (core/page-access.ts) or a page first awaits it (src/server/request-page.ts).
     */
    readonly permissions: Promise<ReadonlySet<import('../core/permissions.ts').Permission>>;
    /** A course's or a session's page's reads, made in the session's batch (src/server/page-rider.ts). */
    ridden?: import('../functions/data/read-ahead.ts').ReadAhead;
    /** An error recorded by a guard, shown by the error screen. */
    routeError?: import('./server/guards.ts').RouteError;
  }
}

interface ImportMetaEnv {
  /** The id of the build the page came from (integrations/build-info.mjs). */
  readonly PUBLIC_BUILD_ID?: string;
  /** Milliseconds between checks for a new build; the default is an hour (tests set a few seconds). */
  readonly PUBLIC_BUILD_CHECK_MS?: string;
  /** The CSP hashes of the inline scripts Astro writes for islands (integrations/security-headers.mjs). */
  readonly CSP_SCRIPT_HASHES?: string[];
}
