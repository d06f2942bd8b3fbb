import type { D1Database, Queue, R2Bucket, RateLimit, SendEmail } from '@cloudflare/workers-types';
import type { AcceptedHit } from '../core/contracts/event.ts';

/**
 * What the MAIL queue carries (functions/email/outbox.ts sends it): only a request to deliver what
 * is due; the messages stay in D1. Declared here, with the binding, so env.ts depends on no feature.
 */
export interface MailKick {
  kind: 'deliver';
}

/** Bindings and variables of the Worker (wrangler.toml, .dev.vars, secrets). */
export interface Env {
  DB: D1Database;
  /** Course media, private: served only to signed-in learners (wrangler.toml `[[r2_buckets]]`; functions/lms/media.ts). */
  MEDIA: R2Bucket;
  SITE_ID: string;
  SESSION_SECRET: string;
  PASSWORD_PEPPER: string;
  /** `development` locally (from .dev.vars); anything else is treated as production. */
  ENVIRONMENT?: string;
  MEDIKEY_LOGOUT_URL?: string;
  CMS_URL?: string;
  /** JSON list of identity providers (functions/auth/oidc/providers.ts); secrets as OIDC_SECRET_{ID}. */
  OIDC_PROVIDERS?: string;
  /** Production: the URL publish requests are POSTed to (a CI or Workers Builds deploy hook). */
  DEPLOY_HOOK_URL?: string;
  /** The deploy hook's credential (for GitHub's dispatch API, a token allowed to dispatch to the repository). */
  DEPLOY_HOOK_TOKEN?: string;
  /** Shared with the local build worker for one `npm start` run (scripts/build-worker.mjs). */
  BUILD_WORKER_TOKEN?: string;
  /** The hits queue (wrangler.toml): its consumer is this Worker (functions/hits/hit-writer.ts). */
  HITS?: Queue<AcceptedHit>;
  /** `direct` writes each hit in its request even with HITS bound (the benchmark's other side). */
  HIT_WRITES?: string;
  /** Page hits a minute, per learner or per visitor's address (wrangler.toml `[[ratelimits]]`; functions/rate-limit.ts). */
  HIT_LIMITER?: RateLimit;
  /** Client events a minute, per learner (wrangler.toml `[[ratelimits]]`). */
  EVENT_LIMITER?: RateLimit;
  /** `off` lifts both limits on a development server (the benchmark's load); production ignores it. */
  RATE_LIMITS?: string;
  /** Cloudflare Email Service (wrangler.toml `[[send_email]]`); local wrangler simulates it. Only the outbox's consumer sends. */
  EMAIL?: SendEmail;
  /** The sender of every message: an address on a domain set up for Email Service (README). */
  MAIL_FROM?: string;
  /** The outbox's queue (wrangler.toml): a message asks this Worker to deliver what is due (functions/email/deliver.ts). */
  MAIL?: Queue<MailKick>;
  /** The origin SCORM packages run on, apart from the site's (functions/scorm/content-origin.ts). */
  SCORM_CONTENT_ORIGIN?: string;
}

export function isDevelopment(env: Pick<Env, 'ENVIRONMENT'>): boolean {
  return env.ENVIRONMENT === 'development';
}
