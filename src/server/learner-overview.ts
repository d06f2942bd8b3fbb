import { env } from 'cloudflare:workers';
import { listBadges, loadProgress, type Badge, type BadgeProgress, type LevelProgress } from '../../functions/data/lms/game.ts';
import { loadTotalTimeSpent } from '../../functions/data/hits/stats.ts';
import { listTags } from '../../functions/data/site/tags.ts';

/** A badge the learner holds: the site's badge with the learner's progress on it. */
export type EarnedBadge = Badge & BadgeProgress;
/** A level the learner reached, with its category's name (or id when it has none). */
export type EarnedLevel = LevelProgress & { categoryId: string; category: string };

export interface LearnerOverview {
  levels: EarnedLevel[];
  badges: EarnedBadge[];
  /** Milliseconds, all time. */
  totalTimeSpent: number;
}

/**
 * Levels, badges and total learning time of one learner: what the profile home shows, read
 * through the same data functions as GET /api/lms/game/{badge,progress} and /api/content/tag.
 */
export async function loadLearnerOverview(siteId: string, userId: string, locale: string): Promise<LearnerOverview> {
  const [progress, badges, categories, totalTimeSpent] = await Promise.all([
    loadProgress(env.DB, userId),
    listBadges(env.DB, siteId, locale),
    listTags(env.DB, siteId, locale, 'category'),
    loadTotalTimeSpent(env.DB, siteId, userId),
  ]);
  const names = new Map(categories.map((category) => [category._id, category.name]));
  return {
    levels: Object.entries(progress.levels)
      .map(([categoryId, level]) => ({ ...level, categoryId, category: names.get(categoryId) ?? categoryId }))
      .sort((a, b) => b.experience - a.experience),
    badges: badges
      .flatMap((badge) => {
        const earned = progress.badges[badge._id];
        return earned ? [{ ...badge, ...earned }] : [];
      })
      .sort((a, b) => b.obtainedAt.localeCompare(a.obtainedAt)),
    totalTimeSpent,
  };
}
