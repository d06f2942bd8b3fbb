import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { OidcProvider } from './providers.ts';

export interface IdentityClaims extends JWTPayload {
  sub: string;
  given_name?: string;
  family_name?: string;
  name?: string;
  email?: string;
  /** The nonce of the sign-in that asked for the token. */
  nonce?: string;
}

/** The provider's metadata (OpenID Connect discovery). */
export async function discover(provider: OidcProvider): Promise<{ jwks_uri: string; end_session_endpoint?: string; issuer: string }> {
  const response = await fetch(new URL('.well-known/openid-configuration', provider.issuer.endsWith('/') ? provider.issuer : `${provider.issuer}/`));
  if (!response.ok) throw new Error(`discovery failed with ${response.status}`);
  return response.json();
}

/**
 * Verifies an ID token: signature against the provider's published keys (JWKS), issuer, audience
 * and expiry. Throws on any failure.
 */
export async function verifyIdToken(provider: OidcProvider, token: string): Promise<IdentityClaims> {
  const metadata = await discover(provider);
  const keys = createRemoteJWKSet(new URL(metadata.jwks_uri));
  const { payload } = await jwtVerify(token, keys, { issuer: provider.issuer, audience: provider.clientId, requiredClaims: ['sub', 'exp', 'iat'] });
  if (typeof payload.sub !== 'string' || !payload.sub) throw new Error('ID token without subject');
  return payload as IdentityClaims;
}
