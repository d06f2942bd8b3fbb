import type { D1Database } from '@cloudflare/workers-types';

export interface FederatedLogin {
  /** The nonce sent to the provider, which its ID token must carry back. */
  nonce: string;
  provider: string;
  siteId: string;
}

/** Remembers a sign-in that left for the provider, until it expires; drops the expired ones. */
export async function rememberFederatedLogin(db: D1Database, login: FederatedLogin, expiresAt: number, now: number): Promise<void> {
  await db.batch([
    db.prepare('DELETE FROM federated_login WHERE expires_at <= ?').bind(now),
    db
      .prepare('INSERT INTO federated_login (nonce, provider, site_id, expires_at) VALUES (?, ?, ?, ?)')
      .bind(login.nonce, login.provider, login.siteId, expiresAt),
  ]);
}

/**
 * Takes the sign-in an ID token's nonce belongs to, once: true for the first call within its
 * lifetime, false for a replay, another provider or site, an expired or an unknown nonce.
 */
export async function takeFederatedLogin(db: D1Database, login: FederatedLogin, now: number): Promise<boolean> {
  const row = await db
    .prepare('DELETE FROM federated_login WHERE nonce = ? AND provider = ? AND site_id = ? AND expires_at > ? RETURNING nonce')
    .bind(login.nonce, login.provider, login.siteId, now)
    .first();
  return row !== null;
}

/** Forgets sign-ins that never came back from the provider (a Cron Trigger runs it). */
export async function purgeExpiredFederatedLogins(db: D1Database, now: number): Promise<number> {
  return (await db.prepare('DELETE FROM federated_login WHERE expires_at <= ?').bind(now).run()).meta.changes ?? 0;
}
