import type { ApiContext } from '../api-context.ts';
import type { Badge, Level, Progress } from '../../core/contracts/game.ts';

export type { Badge, Level, Progress };

export async function getBadges(context: ApiContext): Promise<Badge[]> {
  await context.requireSession();
  const { results } = await context.env.DB.prepare(
    `SELECT b.id AS _id, COALESCE(t.name, b.id) AS name, COALESCE(t.description, '') AS description, b.icon, b.category_id AS category, b.rule, b.threshold
     FROM badge b LEFT JOIN badge_text t ON t.badge_id = b.id AND t.locale = ?
     WHERE b.site_id = ? ORDER BY b.position`,
  )
    .bind(context.localeCode, context.siteId)
    .all<Badge>();
  return results;
}

export async function getLevels(context: ApiContext): Promise<Level[]> {
  await context.requireSession();
  const { results } = await context.env.DB.prepare(
    `SELECT l.level, l.experience, COALESCE(t.name, 'Livello ' || l.level) AS name
     FROM level l LEFT JOIN level_text t ON t.site_id = l.site_id AND t.level = l.level AND t.locale = ?
     WHERE l.site_id = ? ORDER BY l.level`,
  )
    .bind(context.localeCode, context.siteId)
    .all<Level>();
  return results;
}

export async function getProgress(context: ApiContext): Promise<Progress> {
  const session = await context.requireSession();
  const db = context.env.DB;
  const [badges, levels] = await db.batch<Record<string, string | number>>([
    db.prepare('SELECT badge_id, obtained_at, amount, chain FROM user_badge WHERE user_id = ?').bind(session.user.id),
    db.prepare('SELECT category_id, level, experience, obtained_at FROM user_level WHERE user_id = ?').bind(session.user.id),
  ]);
  const progress: Progress = { badges: {}, levels: {} };
  for (const row of badges?.results ?? []) {
    progress.badges[String(row.badge_id)] = {
      obtainedAt: new Date(Number(row.obtained_at)).toISOString(),
      amount: Number(row.amount),
      chain: Number(row.chain),
    };
  }
  for (const row of levels?.results ?? []) {
    progress.levels[String(row.category_id)] = {
      level: Number(row.level),
      obtainedAt: new Date(Number(row.obtained_at)).toISOString(),
      experience: Number(row.experience),
    };
  }
  return progress;
}
