import type { ApiContext } from '../api-context.ts';
import type { Badge, Level, Progress } from '../../core/contracts/game.ts';
import { listBadges, listLevels, loadProgress } from '../data/lms/game.ts';

export type { Badge, Level, Progress };

export async function getBadges(context: ApiContext): Promise<Badge[]> {
  await context.requireSession();
  return listBadges(context.env.DB, context.siteId, context.localeCode);
}

export async function getLevels(context: ApiContext): Promise<Level[]> {
  await context.requireSession();
  return listLevels(context.env.DB, context.siteId, context.localeCode);
}

export async function getProgress(context: ApiContext): Promise<Progress> {
  const session = await context.requireSession();
  return loadProgress(context.env.DB, session.user.id);
}
