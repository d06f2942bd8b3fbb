import { checkTokens, type TokenPair } from '../data/auth/tokens.ts';
import { findUserByAccessToken, findUserById, type User } from '../data/auth/users.ts';
import { hashToken } from '../shared/token.ts';
import type { Env } from '../env.ts';
import { assertSessionSecret } from './session-secret.ts';
import { readCookie, SESSION_COOKIE, sealSession, sessionSetCookie, unsealSession } from './session-cookie.ts';

export interface Session {
  user: User;
  tokens: TokenPair;
  /** A Set-Cookie value to send when the tokens were renewed. */
  renewedCookie?: string;
  /** The content counter, when it was read with the token (the common case): pages need not read it again. */
  contentVersion?: number;
}

export type SessionOutcome =
  | { kind: 'visitor' }
  /** A cookie was sent but is unusable (expired seal, bad signature, revoked tokens): clear it. */
  | { kind: 'stale'; reason: string }
  | { kind: 'user'; session: Session };

/** Tokens from the sealed t-ssid cookie, or from `Authorization: Bearer` and `x-rt` headers. */
async function readTokens(request: Request, secret: string): Promise<{ tokens?: Partial<TokenPair>; stale?: string; fromCookie: boolean }> {
  const bearer = request.headers.get('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return { tokens: { accessToken: bearer, refreshToken: request.headers.get('x-rt') ?? undefined }, fromCookie: false };
  const unsealed = await unsealSession(readCookie(request.headers.get('cookie'), SESSION_COOKIE), secret);
  if (unsealed.kind === 'ok') return { tokens: unsealed.tokens, fromCookie: true };
  if (unsealed.kind === 'invalid') return { stale: unsealed.reason, fromCookie: true };
  return { fromCookie: true };
}

export async function resolveSession(env: Env, request: Request, now = Date.now()): Promise<SessionOutcome> {
  const secret = assertSessionSecret(env);
  const { tokens, stale, fromCookie } = await readTokens(request, secret);
  if (stale) return { kind: 'stale', reason: stale };
  if (!tokens) return { kind: 'visitor' };
  // The common case, a live access token, is one read of token and user together; else the
  // refresh token is checked (and rotated) and the user read after it.
  const live = tokens.accessToken ? await findUserByAccessToken(env.DB, await hashToken(tokens.accessToken), now) : null;
  const check = live ? ({ kind: 'valid', userId: live.user.id } as const) : await checkTokens(env.DB, tokens, now);
  if (check.kind === 'invalid') return fromCookie ? { kind: 'stale', reason: 'Revoked or expired tokens' } : { kind: 'visitor' };
  const user = live?.user ?? (await findUserById(env.DB, check.userId));
  if (!user) return { kind: 'stale', reason: 'Unknown user' };
  // Suspending ends every session at once (their tokens are revoked); a renewal racing it ends here.
  if (user.status === 'suspended') return { kind: 'stale', reason: 'Suspended account' };
  if (user.status === 'deleted') return { kind: 'stale', reason: 'Deleted account' };
  if (check.kind === 'renewed') {
    const sealed = await sealSession(check.tokens, secret);
    return { kind: 'user', session: { user, tokens: check.tokens, renewedCookie: sessionSetCookie(sealed, new URL(request.url)) } };
  }
  return { kind: 'user', session: { user, tokens: tokens as TokenPair, ...(live ? { contentVersion: live.contentVersion } : {}) } };
}
