import type { ApiUser } from '../../data/auth/users.ts';
import type { Env } from '../../env.ts';
import { endSessionUrl } from './flow.ts';
import { findProvider } from './providers.ts';

/**
 * Where a logout ends: for a user federated through Medikey, the provider's end-session endpoint
 * (which then returns to the site), or the configured Medikey logout address; otherwise null.
 */
export async function federatedLogoutUrl(env: Env, user: ApiUser, returnUrl: string): Promise<string | null> {
  if (!user.federated.some((entry) => entry.provider === 'medikey')) return null;
  const provider = findProvider(env, 'medikey');
  if (provider) {
    try {
      const url = await endSessionUrl(provider, returnUrl);
      if (url) return url;
    } catch (error) {
      console.error('Medikey end-session discovery failed:', error);
    }
  }
  return env.MEDIKEY_LOGOUT_URL ?? null;
}
