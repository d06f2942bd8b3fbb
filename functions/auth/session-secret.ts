import { isDevelopment, type Env } from '../env.ts';

/** The development default shipped in .dev.vars.example; production must never run with it. */
export const DEVELOPMENT_SESSION_SECRET = 'dev-only-session-secret-change-me-0123456789abcdef';
export const MIN_SECRET_LENGTH = 32;

/**
 * Refuses a session secret iron cannot use safely: iron derives its key with a single
 * iteration, so the secret itself must carry the entropy (32+ random characters).
 * Throws, so that a misconfigured Worker fails at start-up instead of issuing weak seals.
 */
export function assertSessionSecret(env: Pick<Env, 'SESSION_SECRET' | 'ENVIRONMENT'>): string {
  const secret = env.SESSION_SECRET;
  if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`SESSION_SECRET must be at least ${MIN_SECRET_LENGTH} characters long (password is too short)`);
  }
  if (!isDevelopment(env) && secret === DEVELOPMENT_SESSION_SECRET) {
    throw new Error('SESSION_SECRET is the development default: set a random secret with `wrangler secret put SESSION_SECRET`');
  }
  return secret;
}
