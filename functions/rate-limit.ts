import type { RateLimit } from '@cloudflare/workers-types';
import { isDevelopment, type Env } from './env.ts';
import { refusal, type HttpError } from './http-error.ts';
import { message, type Language } from './messages.ts';

/** The Workers Rate Limiting bindings of wrangler.toml (`[[ratelimits]]`), each with its own limit a minute. */
export type Limiter = 'HIT_LIMITER' | 'EVENT_LIMITER';

/** The bindings count in fixed windows of this length (wrangler.toml: `period = 60`). */
const PERIOD_SECONDS = 60;

/**
 * Counts one request against `key` (before the work it guards, so N parallel requests are N
 * counts) and tells whether it is within the limit. A deployment whose configuration predates the
 * binding lets everything through rather than failing every call; so does a local server started
 * with RATE_LIMITS=off (the benchmark, whose load clients send thousands of hits a minute as one
 * learner), never a production one.
 */
export async function withinLimit(env: Env, limiter: Limiter, key: string): Promise<boolean> {
  const binding: RateLimit | undefined = env[limiter];
  if (!binding) {
    if (!isDevelopment(env)) warnUnbound(limiter);
    return true;
  }
  if (env.RATE_LIMITS === 'off' && isDevelopment(env)) return true;
  return (await binding.limit({ key })).success;
}

const warned = new Set<Limiter>();

/** Says once per isolate that a production Worker runs without a limiter: its configuration needs `[[ratelimits]]`. */
function warnUnbound(limiter: Limiter): void {
  if (warned.has(limiter)) return;
  warned.add(limiter);
  console.warn(JSON.stringify({ type: 'config', message: `${limiter} is not bound: requests are not rate-limited (wrangler.toml [[ratelimits]])` }));
}

/** Seconds until the current window ends: the bindings' windows follow the wall clock (locally, reset at :00). */
export function retryAfterSeconds(now: number): number {
  return PERIOD_SECONDS - (Math.floor(now / 1000) % PERIOD_SECONDS);
}

/** The 429 a refused call gets, with Retry-After and the wait in the caller's language. */
export function tooManyRequests(language: Language, now: number): HttpError {
  const seconds = String(retryAfterSeconds(now));
  return refusal(429, message('tooManyRequests', language, { seconds }), { 'retry-after': seconds });
}
