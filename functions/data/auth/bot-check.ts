import type { D1Database } from '@cloudflare/workers-types';

/**
 * Marks a solved bot-check challenge as used until it expires; false when it was used already.
 * Atomic in D1: two requests with the same solved challenge cannot both pass.
 */
export async function markChallengeUsed(db: D1Database, id: string, expiresAt: number, now: number): Promise<boolean> {
  const [, inserted] = await db.batch([
    db.prepare('DELETE FROM bot_check_used WHERE expires_at < ?').bind(now),
    db.prepare('INSERT INTO bot_check_used (id, expires_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING RETURNING id').bind(id.slice(0, 200), expiresAt),
  ]);
  return (inserted?.results.length ?? 0) > 0;
}

/** Forgets the challenges past their expiry (a Cron Trigger runs it; a use also drops them). */
export async function purgeUsedChallenges(db: D1Database, now: number): Promise<number> {
  return (await db.prepare('DELETE FROM bot_check_used WHERE expires_at < ?').bind(now).run()).meta.changes ?? 0;
}
