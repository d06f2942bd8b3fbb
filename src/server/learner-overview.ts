import type { Badge, BadgeProgress, LevelProgress } from '../../functions/data/lms/game.ts';
import type { ProfileHome } from '../../functions/data/lms/profile-home.ts';

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
 * Levels (most experience first), badges held (newest first) and total learning time of one
 * learner: what the profile home shows, from what readProfileHome read.
 */
export function learnerOverview({ progress, badges, categories, totalTimeSpent }: ProfileHome): LearnerOverview {
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
