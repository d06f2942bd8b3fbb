import { eventStatement } from '../data/events.ts';
import { revokeSession, revokeUserTokens } from '../data/auth/tokens.ts';
import { toApiUser } from '../data/auth/users.ts';
import type { Env } from '../env.ts';
import { federatedLogoutUrl } from './oidc/logout-target.ts';
import type { Session } from './session.ts';

/** This session only, or every session of the user on every device ("Esci da tutti i dispositivi"). */
export type LogoutScope = 'session' | 'everywhere';

export interface LoggedOut {
  /** Tokens revoked. */
  revoked: number;
  /** The provider's logout page for a Medikey-federated user (it returns to `home`), else null. */
  redirect: string | null;
}

/**
 * The one logout of the page (/{locale}/logout) and the API (POST /api/auth/logout, /logout-all):
 * revokes the tokens of the scope with the audit event `auth.logout.session` or `auth.logout.all`
 * in the same batch. Without a session there is nothing to end. Callers clear the t-ssid cookie.
 */
export async function logout(env: Env, session: Session | null, scope: LogoutScope, options: { home: string; now: number }): Promise<LoggedOut> {
  if (!session) return { revoked: 0, redirect: null };
  const { user } = session;
  const event = (name: string) => eventStatement(env.DB, user.siteId, user.id, name, { changedRowsSuffix: ' tokens' }, options.now);
  const revoked =
    scope === 'everywhere'
      ? await revokeUserTokens(env.DB, user.id, options.now, event('auth.logout.all'))
      : await revokeSession(env.DB, session.tokens, options.now, event('auth.logout.session'));
  return { revoked, redirect: await federatedLogoutUrl(env, await toApiUser(env.DB, user), options.home) };
}
