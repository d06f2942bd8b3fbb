import { env } from 'cloudflare:workers';
import { listLearnerBadges, listLearnerLevels, type LearnerBadge, type LearnerLevel } from '../../functions/data/learner.ts';
import { loadTotalTimeSpent } from '../../functions/data/stats.ts';

export interface LearnerOverview {
  levels: LearnerLevel[];
  badges: LearnerBadge[];
  /** Milliseconds, all time. */
  totalTimeSpent: number;
}

/** Levels, badges and total learning time of one learner: what the profile home shows. */
export async function loadLearnerOverview(siteId: string, userId: string, locale: string): Promise<LearnerOverview> {
  const [levels, badges, totalTimeSpent] = await Promise.all([
    listLearnerLevels(env.DB, userId, locale),
    listLearnerBadges(env.DB, userId, locale),
    loadTotalTimeSpent(env.DB, siteId, userId),
  ]);
  return { levels, badges, totalTimeSpent };
}
