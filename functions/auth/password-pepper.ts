import { isDevelopment, type Env } from '../env.ts';

/** The development default shipped in .dev.vars.example; production must never run with it. */
export const DEVELOPMENT_PASSWORD_PEPPER = 'dev-only-password-pepper-change-me-0123456789';

/**
 * Refuses a missing pepper, and the published development one outside development: with it, a
 * stolen database could be brute-forced at the low PBKDF2 count Workers allow. Throws, so that a
 * misconfigured Worker fails at start-up instead of hashing passwords with a known key.
 */
export function assertPasswordPepper(env: Pick<Env, 'PASSWORD_PEPPER' | 'ENVIRONMENT'>): string {
  const pepper = env.PASSWORD_PEPPER;
  if (typeof pepper !== 'string' || pepper.length === 0) {
    throw new Error('PASSWORD_PEPPER is missing: set a random secret with `wrangler secret put PASSWORD_PEPPER`');
  }
  if (!isDevelopment(env) && pepper === DEVELOPMENT_PASSWORD_PEPPER) {
    throw new Error('PASSWORD_PEPPER is the development default: set a random secret with `wrangler secret put PASSWORD_PEPPER`');
  }
  return pepper;
}
