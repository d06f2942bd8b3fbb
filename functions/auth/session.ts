import type { D1PreparedStatement, D1Result } from '@cloudflare/workers-types';
import { checkTokens, type TokenPair } from '../data/auth/tokens.ts';
import { accessTokenUserFrom, accessTokenUserStatement, findUserByAccessToken, findUserById, type User } from '../data/auth/users.ts';
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
  /** The rider's results, when its statements were read in the session's batch for this user. */
  riderResults?: D1Result[];
}

/**
 * A page's own reads for a user, sent in one batch with the session's read (one D1 round trip
 * instead of two, the larger part of a signed-in page's cost). They run before the session is
 * known to be valid, for the user the sealed cookie names, and their results are kept only when the
 * token's row is that user's: so they must only read.
 */
export type SessionRider = (userId: string) => D1PreparedStatement[];

export type SessionOutcome =
  | { kind: 'visitor' }
  /** A cookie was sent but is unusable (expired seal, bad signature, revoked tokens): clear it. */
  | { kind: 'stale'; reason: string }
  | { kind: 'user'; session: Session };

/** Tokens from the sealed t-ssid cookie, or from `Authorization: Bearer` and `x-rt` headers. */
async function readTokens(request: Request, secret: string): Promise<{ tokens?: Partial<TokenPair>; userId?: string; stale?: string; fromCookie: boolean }> {
  const bearer = request.headers.get('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return { tokens: { accessToken: bearer, refreshToken: request.headers.get('x-rt') ?? undefined }, fromCookie: false };
  const unsealed = await unsealSession(readCookie(request.headers.get('cookie'), SESSION_COOKIE), secret);
  if (unsealed.kind === 'ok') {
    const { userId, ...tokens } = unsealed.tokens;
    return { tokens, userId, fromCookie: true };
  }
  if (unsealed.kind === 'invalid') return { stale: unsealed.reason, fromCookie: true };
  return { fromCookie: true };
}

export async function resolveSession(env: Env, request: Request, now = Date.now(), rider?: SessionRider): Promise<SessionOutcome> {
  const secret = assertSessionSecret(env);
  const { tokens, userId, stale, fromCookie } = await readTokens(request, secret);
  if (stale) return { kind: 'stale', reason: stale };
  if (!tokens) return { kind: 'visitor' };
  // The common case, a live access token, is one read of token and user together (with the
  // rider's reads, when the cookie names its user); else the refresh token is checked (and
  // rotated) and the user read after it, and the rider's reads, made for nothing, are dropped.
  let live: { user: User; contentVersion: number } | null = null;
  let riderResults: D1Result[] | undefined;
  if (tokens.accessToken) {
    const hash = await hashToken(tokens.accessToken);
    const riding = rider && userId ? rider(userId) : [];
    if (riding.length === 0) live = await findUserByAccessToken(env.DB, hash, now);
    else {
      const [found, ...rest] = await env.DB.batch([accessTokenUserStatement(env.DB, hash, now), ...riding]);
      live = accessTokenUserFrom(found);
      if (live?.user.id === userId) riderResults = rest;
    }
  }
  const check = live ? ({ kind: 'valid', userId: live.user.id } as const) : await checkTokens(env.DB, tokens, now);
  if (check.kind === 'invalid') return fromCookie ? { kind: 'stale', reason: 'Revoked or expired tokens' } : { kind: 'visitor' };
  const user = live?.user ?? (await findUserById(env.DB, check.userId));
  if (!user) return { kind: 'stale', reason: 'Unknown user' };
  // Suspending ends every session at once (their tokens are revoked); a renewal racing it ends here.
  if (user.status === 'suspended') return { kind: 'stale', reason: 'Suspended account' };
  if (user.status === 'deleted') return { kind: 'stale', reason: 'Deleted account' };
  if (check.kind === 'renewed') {
    const sealed = await sealSession({ ...check.tokens, userId: user.id }, secret);
    return { kind: 'user', session: { user, tokens: check.tokens, renewedCookie: sessionSetCookie(sealed, new URL(request.url)) } };
  }
  return {
    kind: 'user',
    session: { user, tokens: tokens as TokenPair, ...(live ? { contentVersion: live.contentVersion } : {}), ...(riderResults ? { riderResults } : {}) },
  };
}
