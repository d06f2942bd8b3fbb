import type { D1Database, D1PreparedStatement, D1Result } from '@cloudflare/workers-types';

/** Gamification as the platform API shapes it: the site's badges and levels, and a learner's progress. */
export interface Badge {
  _id: string;
  name: string;
  description: string;
  icon: string;
  category: string | null;
  rule: string;
  threshold: number;
}

export interface Level {
  level: number;
  experience: number;
  name: string;
}

export interface BadgeProgress {
  obtainedAt: string;
  amount: number;
  chain: number;
}

export interface LevelProgress {
  level: number;
  obtainedAt: string;
  experience: number;
}

/** Badges keyed by badge id, levels keyed by category id. */
export interface Progress {
  badges: Record<string, BadgeProgress>;
  levels: Record<string, LevelProgress>;
}

export async function listBadges(db: D1Database, siteId: string, locale: string): Promise<Badge[]> {
  return badgesOf(await badgesStatement(db, siteId, locale).all());
}

/** listBadges' statement, for a batch (read back by `badgesOf`). */
export function badgesStatement(db: D1Database, siteId: string, locale: string): D1PreparedStatement {
  return db
    .prepare(
      `SELECT b.id AS _id, COALESCE(t.name, b.id) AS name, COALESCE(t.description, '') AS description, b.icon, b.category_id AS category, b.rule, b.threshold
       FROM badge b LEFT JOIN badge_text t ON t.badge_id = b.id AND t.locale = ?
       WHERE b.site_id = ? ORDER BY b.position`,
    )
    .bind(locale, siteId);
}

export function badgesOf(result: D1Result): Badge[] {
  return result.results as unknown as Badge[];
}

export async function listLevels(db: D1Database, siteId: string, locale: string): Promise<Level[]> {
  const { results } = await db
    .prepare(
      `SELECT l.level, l.experience, COALESCE(t.name, 'Livello ' || l.level) AS name
       FROM level l LEFT JOIN level_text t ON t.site_id = l.site_id AND t.level = l.level AND t.locale = ?
       WHERE l.site_id = ? ORDER BY l.level`,
    )
    .bind(locale, siteId)
    .all<Level>();
  return results;
}

export async function loadProgress(db: D1Database, userId: string): Promise<Progress> {
  return progressOf(await db.batch(progressStatements(db, userId)));
}

/** loadProgress' two statements, for a batch (read back by `progressOf`). */
export function progressStatements(db: D1Database, userId: string): D1PreparedStatement[] {
  return [
    db.prepare('SELECT badge_id, obtained_at, amount, chain FROM user_badge WHERE user_id = ?').bind(userId),
    db.prepare('SELECT category_id, level, experience, obtained_at FROM user_level WHERE user_id = ?').bind(userId),
  ];
}

export function progressOf([badges, levels]: D1Result[]): Progress {
  const progress: Progress = { badges: {}, levels: {} };
  for (const row of (badges?.results ?? []) as Record<string, string | number>[]) {
    progress.badges[String(row.badge_id)] = {
      obtainedAt: new Date(Number(row.obtained_at)).toISOString(),
      amount: Number(row.amount),
      chain: Number(row.chain),
    };
  }
  for (const row of (levels?.results ?? []) as Record<string, string | number>[]) {
    progress.levels[String(row.category_id)] = {
      level: Number(row.level),
      obtainedAt: new Date(Number(row.obtained_at)).toISOString(),
      experience: Number(row.experience),
    };
  }
  return progress;
}
