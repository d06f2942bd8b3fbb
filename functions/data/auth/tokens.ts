import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import { hashToken, newToken } from '../../shared/token.ts';

export const ACCESS_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Idle lifetime: a session unused for 30 days ends (each renewal starts the 30 days again). */
export const REFRESH_TOKEN_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** Absolute lifetime: 180 days after sign-in the session ends however active it is. */
export const SESSION_ABSOLUTE_MS = 180 * 24 * 60 * 60 * 1000;
const ROTATION_GRACE_MS = 30 * 1000;

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

interface TokenRow {
  hash: string;
  user_id: string;
  kind: 'access' | 'refresh';
  family: string;
  expires_at: number;
  revoked_at: number | null;
}

export interface IssueOptions {
  /** The family a renewal continues; a sign-in starts a new one. */
  family?: string;
  /** When the family's sign-in happened: it bounds the session's absolute lifetime. */
  signedInAt?: number;
  /** The sign-in's audit event, written in the same batch as the tokens. */
  event?: D1PreparedStatement;
}

/**
 * Issues an access and a refresh token of one family; only their hashes reach D1. A new family is
 * a sign-in, whichever way it came (password, identity provider): the user's last sign-in moves
 * with it, in the same batch.
 */
export async function issueTokens(db: D1Database, userId: string, now: number, options: IssueOptions = {}): Promise<TokenPair> {
  const accessToken = newToken();
  const refreshToken = newToken();
  const family = options.family ?? crypto.randomUUID();
  const end = (options.signedInAt ?? now) + SESSION_ABSOLUTE_MS;
  const insert = db.prepare('INSERT INTO auth_token (hash, user_id, kind, family, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)');
  await db.batch([
    insert.bind(await hashToken(accessToken), userId, 'access', family, Math.min(now + ACCESS_TOKEN_TTL_MS, end), now),
    insert.bind(await hashToken(refreshToken), userId, 'refresh', family, Math.min(now + REFRESH_TOKEN_IDLE_MS, end), now),
    ...(options.family ? [] : [db.prepare('UPDATE user SET last_sign_in_at = ? WHERE id = ?').bind(now, userId)]),
    ...(options.event ? [options.event] : []),
  ]);
  return { accessToken, refreshToken };
}

async function findToken(db: D1Database, token: string): Promise<TokenRow | null> {
  return db
    .prepare('SELECT * FROM auth_token WHERE hash = ?')
    .bind(await hashToken(token))
    .first<TokenRow>();
}

export type TokenCheck = { kind: 'valid'; userId: string } | { kind: 'renewed'; userId: string; tokens: TokenPair } | { kind: 'invalid' };

/**
 * Accepts a live access token; otherwise renews the pair with the refresh token, which rotates.
 * A refresh token presented after its rotation means it was copied: the whole family is revoked.
 */
export async function checkTokens(db: D1Database, tokens: Partial<TokenPair>, now: number): Promise<TokenCheck> {
  if (tokens.accessToken) {
    const access = await findToken(db, tokens.accessToken);
    if (access && access.kind === 'access' && access.revoked_at === null && access.expires_at > now) {
      return { kind: 'valid', userId: access.user_id };
    }
  }
  if (!tokens.refreshToken) return { kind: 'invalid' };
  const refresh = await findToken(db, tokens.refreshToken);
  if (!refresh || refresh.kind !== 'refresh') return { kind: 'invalid' };
  if (refresh.revoked_at !== null) {
    // Parallel requests of one page race to rotate the same token: the losers, within a few
    // seconds, are the same browser, not a thief.
    // Logout and theft detection also expire the tokens, so they get no grace.
    if (now - refresh.revoked_at < ROTATION_GRACE_MS && refresh.expires_at > now) return { kind: 'valid', userId: refresh.user_id };
    await revokeFamily(db, refresh.family, now);
    return { kind: 'invalid' };
  }
  if (refresh.expires_at <= now) return { kind: 'invalid' };
  // Revoke first and only then issue: two racing renewals cannot both succeed.
  const revoked = await db.prepare('UPDATE auth_token SET revoked_at = ? WHERE family = ? AND revoked_at IS NULL').bind(now, refresh.family).run();
  if (!revoked.meta.changes) return { kind: 'valid', userId: refresh.user_id };
  // The family's first token dates the sign-in, which bounds the session's absolute lifetime.
  const started = await db.prepare('SELECT MIN(created_at) AS at FROM auth_token WHERE family = ?').bind(refresh.family).first<{ at: number }>();
  const renewed = await issueTokens(db, refresh.user_id, now, { family: refresh.family, signedInAt: started?.at ?? now });
  return { kind: 'renewed', userId: refresh.user_id, tokens: renewed };
}

/** Ends a family for good: revoked and expired, so not even the rotation grace applies. */
export async function revokeFamily(db: D1Database, family: string, now: number): Promise<void> {
  await db.prepare('UPDATE auth_token SET revoked_at = COALESCE(revoked_at, ?), expires_at = 0 WHERE family = ?').bind(now, family).run();
}

/**
 * Ends the session these tokens belong to (their whole family, with no rotation grace), with its
 * audit event in the same batch; returns how many tokens were revoked.
 */
export async function revokeSession(db: D1Database, tokens: Partial<TokenPair>, now: number, event: D1PreparedStatement): Promise<number> {
  const hashes = await Promise.all([tokens.accessToken, tokens.refreshToken].map((token) => (token ? hashToken(token) : null)));
  const [revoked] = await db.batch([
    db
      .prepare(
        'UPDATE auth_token SET revoked_at = COALESCE(revoked_at, ?1), expires_at = 0 WHERE family IN (SELECT family FROM auth_token WHERE hash IN (?2, ?3)) AND expires_at > 0',
      )
      .bind(now, ...hashes),
    event,
  ]);
  return revoked?.meta.changes ?? 0;
}

/**
 * "Esci da tutti i dispositivi": every session of the user ends now, with no rotation grace, and
 * the audit event lands in the same batch; returns how many tokens were revoked.
 */
export async function revokeUserTokens(db: D1Database, userId: string, now: number, event: D1PreparedStatement): Promise<number> {
  const [revoked] = await db.batch([userTokensRevocation(db, userId, now), event]);
  return revoked?.meta.changes ?? 0;
}

/** Every session of the user ends now, with no rotation grace: a statement for the batch of the change that ends them (a suspension). */
export function userTokensRevocation(db: D1Database, userId: string, now: number): D1PreparedStatement {
  return db.prepare('UPDATE auth_token SET revoked_at = COALESCE(revoked_at, ?), expires_at = 0 WHERE user_id = ? AND expires_at > ?').bind(now, userId, now);
}

/**
 * A statement, for the batch of a password's reset or change, that ends the user's sessions:
 * every one, or all but the one whose tokens' hashes `keep` names (the change's own). It runs only
 * if the user's password is now `passwordHash` (a fresh salt makes it unique), that is, only when
 * the batch's change really happened.
 */
export function endSessionsStatement(db: D1Database, userId: string, passwordHash: string, now: number, keep: readonly string[] = []): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE auth_token SET revoked_at = COALESCE(revoked_at, ?1), expires_at = 0
       WHERE user_id = ?2 AND expires_at > ?1
         AND family NOT IN (SELECT family FROM auth_token WHERE hash IN (SELECT value FROM json_each(?3)))
         AND EXISTS (SELECT 1 FROM user WHERE id = ?2 AND password_hash = ?4)`,
    )
    .bind(now, userId, JSON.stringify(keep), passwordHash);
}
