import { hiddenCharacter, printableLine } from '../../core/plain-text.ts';
import { eventStatement } from '../data/events.ts';
import { rememberFederatedLogin, takeFederatedLogin } from '../data/auth/federated-logins.ts';
import { findSite } from '../data/site/sites.ts';
import { issueTokens } from '../data/auth/tokens.ts';
import { createFederatedUser, findFederatedUser, findUserById, toApiUser, type ApiUser, type User } from '../data/auth/users.ts';
import type { Env } from '../env.ts';
import { HttpError } from '../http-error.ts';
import type { Language } from '../messages.ts';
import { authMessage } from './messages.ts';
import { peopleMessage } from '../people/messages.ts';
import { PENDING_TTL_SECONDS, startLogin, type PendingLogin } from './oidc/flow.ts';
import { verifyIdToken, type IdentityClaims } from './oidc/id-token.ts';
import { findProvider, type OidcProvider } from './oidc/providers.ts';
import { sealSession, sessionSetCookie } from './session-cookie.ts';
import { assertSessionSecret } from './session-secret.ts';

/**
 * Leaves for the provider: the authorization request (PKCE, state, nonce) and, in D1, the nonce of
 * this sign-in, so that only an ID token the provider issued for it is accepted, and only once.
 */
export async function startFederatedLogin(
  env: Env,
  provider: OidcProvider,
  options: { redirectUri: string; returnTo: string; siteId: string; now: number },
): Promise<{ url: URL; pending: PendingLogin }> {
  const started = await startLogin(provider, options.redirectUri, options.returnTo);
  await rememberFederatedLogin(
    env.DB,
    { nonce: started.pending.nonce, provider: provider.id, siteId: options.siteId },
    options.now + PENDING_TTL_SECONDS * 1000,
    options.now,
  );
  return started;
}

export interface FederatedSignIn {
  providerId: string;
  /** The provider's ID token. */
  token: string;
  siteId: string;
  /** A new learner's locale. */
  locale: string;
  language: Language;
  now: number;
  /** The request's URL: the session cookie's attributes follow it. */
  url: URL;
}

/** Links the identity to a learner of the site by federated id, creating one on first sign-in. */
async function linkUser(env: Env, provider: string, claims: IdentityClaims, input: FederatedSignIn): Promise<User | null> {
  const linked = await findFederatedUser(env.DB, input.siteId, provider, claims.sub);
  if (linked) return linked;
  const id = `u-${crypto.randomUUID()}`;
  await createFederatedUser(
    env.DB,
    {
      id,
      siteId: input.siteId,
      code: `${provider}.${claims.sub}`
        .toLowerCase()
        .replace(/[^a-z0-9._-]/g, '-')
        .slice(0, 64),
      // The provider's words, which the learner cannot correct there: cleaned of what our own forms refuse, not refused.
      firstName: printableLine((claims.given_name ?? claims.name ?? provider).slice(0, 80)).trim() || provider,
      lastName: printableLine((claims.family_name ?? '').slice(0, 80)).trim() || '-',
      email: typeof claims.email === 'string' && claims.email.length <= 254 && !hiddenCharacter(claims.email) ? claims.email : null,
      locale: input.locale,
      provider,
      federatedId: claims.sub,
    },
    input.now,
  );
  return findUserById(env.DB, id);
}

/**
 * The one federated sign-in, for the callback page and POST /api/auth/federated/login: verifies
 * the ID token (signature, issuer, audience, expiry), takes the pending sign-in its nonce belongs
 * to (once), links or creates the learner and opens a session (with its audit event). Refusals
 * are HttpErrors in the caller's language; nothing is written for them.
 */
export async function signInFederated(env: Env, input: FederatedSignIn): Promise<{ user: ApiUser; cookie: string }> {
  const provider = findProvider(env, input.providerId);
  if (!provider) throw new HttpError(400, authMessage('providerUnknown', input.language, { provider: input.providerId }));
  if (!(await findSite(env.DB, input.siteId))) throw new HttpError(400, authMessage('siteUnknown', input.language, { site: input.siteId }));
  let claims: IdentityClaims;
  try {
    claims = await verifyIdToken(provider, input.token);
  } catch (error) {
    console.warn(`ID token refused for ${provider.id}:`, error instanceof Error ? error.message : error);
    throw new HttpError(401, authMessage('idTokenInvalid', input.language));
  }
  const nonce = typeof claims.nonce === 'string' ? claims.nonce : '';
  if (!nonce || !(await takeFederatedLogin(env.DB, { nonce, provider: provider.id, siteId: input.siteId }, input.now))) {
    throw new HttpError(401, authMessage('federatedLoginUsed', input.language));
  }
  const row = await linkUser(env, provider.id, claims, input);
  if (!row) throw new HttpError(401, authMessage('idTokenInvalid', input.language));
  if (row.status === 'suspended') throw new HttpError(403, peopleMessage('accountSuspended', input.language));
  const tokens = await issueTokens(env.DB, row.id, input.now, {
    event: eventStatement(env.DB, input.siteId, row.id, 'auth.login.federated', provider.id, input.now),
  });
  return {
    user: await toApiUser(env.DB, row),
    cookie: sessionSetCookie(await sealSession({ ...tokens, userId: row.id }, assertSessionSecret(env)), input.url),
  };
}
