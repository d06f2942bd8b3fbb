import type { ApiContext } from '../api-context.ts';
import { loadStats } from '../data/hits/stats.ts';
import type { Stats } from '../../core/stats.ts';

export async function getStats(context: ApiContext): Promise<{ data: Stats }> {
  const session = await context.requireSession();
  return { data: await loadStats(context.env.DB, context.siteId, session.user.id, context.localeCode, context.now) };
}
