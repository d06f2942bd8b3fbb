import type { Badge as BadgeInfo, Level as LevelInfo, Progress as ProgressInfo } from '../../core/contracts/game.ts';
import type { BoilerplateEntry, CategoryTag, Locale as LocaleInfo, Site as SiteInfo } from '../../core/contracts/site.ts';
import { ApiRequestError, type ApiClient } from './api-client.ts';

// The API's contracts (core/contracts): the client reads exactly what the handlers answer.
export type { BadgeInfo, BoilerplateEntry, LevelInfo, LocaleInfo, ProgressInfo, SiteInfo };

export interface LoadedSite {
  site: SiteInfo;
  locales: LocaleInfo[];
  boilerplate: BoilerplateEntry[];
  badges: BadgeInfo[];
  levels: LevelInfo[];
  categories: CategoryTag[];
  /** The signed-in learner's progress; null for visitors. */
  progress: ProgressInfo | null;
}

/**
 * The site load sequence: the site; then locales and boilerplate in parallel;
 * then badges, levels and categories in parallel, with the learner's progress beside them
 * (badges, levels and progress only for a signed-in user).
 */
export async function loadSite(client: ApiClient, siteId: string, options: { signedIn: boolean }): Promise<LoadedSite> {
  let site: SiteInfo;
  try {
    site = await client.get('/site/sites/:siteId', { param: { siteId } });
  } catch (error) {
    if (error instanceof ApiRequestError && error.statusCode === 404) {
      throw new Error(`Site not found ${JSON.stringify(error.body)} ${error.path}`);
    }
    throw error;
  }
  const [locales, boilerplate] = await Promise.all([
    client.get('/i18n/locales', { query: { lc: site.supportedLocale.join(',') } }),
    client.get('/i18n/boilerplate/'),
  ]);
  const [badges, levels, categories, progress] = await Promise.all([
    options.signedIn ? client.get('/lms/game/badge') : Promise.resolve([]),
    options.signedIn ? client.get('/lms/game/level') : Promise.resolve([]),
    client.get('/content/tag', { query: { type: 'category' } }),
    options.signedIn ? client.get('/lms/game/progress') : Promise.resolve(null),
  ]);
  return { site, locales, boilerplate, badges, levels, categories, progress };
}
