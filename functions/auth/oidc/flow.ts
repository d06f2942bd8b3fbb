import * as oauth from 'oauth4webapi';
import { parseCookie, stringifySetCookie } from 'cookie';
import { defaults, seal, unseal } from 'iron-webcrypto';
import { isSafeReturnPath } from '../../../core/return-path.ts';
import type { OidcProvider } from './providers.ts';

/** What the browser carries between leaving for the provider and coming back: sealed, 10 minutes. */
export interface PendingLogin {
  provider: string;
  verifier: string;
  state: string;
  nonce: string;
  returnTo: string;
}

export const PENDING_COOKIE = 't-oidc';
export const PENDING_TTL_SECONDS = 600;

function options(provider: OidcProvider) {
  return provider.allowHttp ? { [oauth.allowInsecureRequests]: true } : {};
}

async function authorizationServer(provider: OidcProvider): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(provider.issuer);
  const response = await oauth.discoveryRequest(issuer, { algorithm: 'oidc', ...options(provider) });
  return oauth.processDiscoveryResponse(issuer, response);
}

/** The authorization-code flow with PKCE, state and nonce: where to send the browser. */
export async function startLogin(provider: OidcProvider, redirectUri: string, returnTo: string): Promise<{ url: URL; pending: PendingLogin }> {
  const as = await authorizationServer(provider);
  if (!as.authorization_endpoint) throw new Error(`${provider.id} publishes no authorization endpoint`);
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const url = new URL(as.authorization_endpoint);
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', provider.scopes);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', state);
  url.searchParams.set('nonce', nonce);
  return { url, pending: { provider: provider.id, verifier, state, nonce, returnTo: isSafeReturnPath(returnTo) ? returnTo : '/' } };
}

/** Checks the provider's answer (state, code, ID token claims and nonce) and returns the ID token. */
export async function finishLogin(provider: OidcProvider, redirectUri: string, currentUrl: URL, pending: PendingLogin): Promise<string> {
  const as = await authorizationServer(provider);
  const client: oauth.Client = { client_id: provider.clientId };
  const params = oauth.validateAuthResponse(as, client, currentUrl, pending.state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.ClientSecretBasic(provider.clientSecret),
    params,
    redirectUri,
    pending.verifier,
    options(provider),
  );
  const result = await oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: pending.nonce, requireIdToken: true });
  if (!result.id_token) throw new Error('no ID token');
  return result.id_token;
}

/** The provider's end-session address for a logout that ends the provider's session too. */
export async function endSessionUrl(provider: OidcProvider, postLogoutRedirect: string): Promise<string | null> {
  const as = await authorizationServer(provider);
  if (!as.end_session_endpoint) return null;
  const url = new URL(as.end_session_endpoint);
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('post_logout_redirect_uri', postLogoutRedirect);
  return url.href;
}

export async function pendingCookie(pending: PendingLogin, secret: string, secure: boolean): Promise<string> {
  const sealed = await seal(pending, secret, { ...defaults, ttl: PENDING_TTL_SECONDS * 1000 });
  // Lax, not Strict: the provider sends the browser back with a cross-site top-level GET.
  return stringifySetCookie({ name: PENDING_COOKIE, value: sealed, httpOnly: true, sameSite: 'lax', secure, path: '/federated', maxAge: PENDING_TTL_SECONDS });
}

export function clearPendingCookie(secure: boolean): string {
  return stringifySetCookie({ name: PENDING_COOKIE, value: '', httpOnly: true, sameSite: 'lax', secure, path: '/federated', maxAge: 0 });
}

export async function readPending(cookieHeader: string | null, secret: string): Promise<PendingLogin | null> {
  const value = cookieHeader ? parseCookie(cookieHeader)[PENDING_COOKIE] : undefined;
  if (!value) return null;
  try {
    const data = (await unseal(value, secret, { ...defaults, ttl: PENDING_TTL_SECONDS * 1000 })) as Partial<PendingLogin>;
    if (typeof data.provider !== 'string' || typeof data.verifier !== 'string' || typeof data.state !== 'string' || typeof data.nonce !== 'string') return null;
    return {
      provider: data.provider,
      verifier: data.verifier,
      state: data.state,
      nonce: data.nonce,
      returnTo: typeof data.returnTo === 'string' && isSafeReturnPath(data.returnTo) ? data.returnTo : '/',
    };
  } catch {
    return null;
  }
}
