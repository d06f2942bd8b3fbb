import { env } from 'cloudflare:workers';
import { listLearnerBadges, listLearnerLevels, type LearnerBadge, type LearnerLevel } from '../../functions/data/learner.ts';
import { loadStats } from '../../functions/data/stats.ts';
import type { Stats } from '../lib/stats.ts';

export interface LearnerOverview {
  levels: LearnerLevel[];
  badges: LearnerBadge[];
  stats: Stats;
}

/** Levels, badges and learning time of one learner: the profile home and progress pages show them. */
export async function loadLearnerOverview(siteId: string, userId: string, locale: string): Promise<LearnerOverview> {
  const [levels, badges, stats] = await Promise.all([
    listLearnerLevels(env.DB, userId, locale),
    listLearnerBadges(env.DB, userId, locale),
    loadStats(env.DB, siteId, userId, locale, Date.now()),
  ]);
  return { levels, badges, stats };
}
