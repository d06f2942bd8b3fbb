import { env } from 'cloudflare:workers';
import { findContentVersion, findLocales, findSite, findStrings, type Locale, type Site } from '../../functions/data/site/sites.ts';
import { DEFAULT_LOCALE } from '../../core/locale.ts';
import { translator, type Strings, type Translate } from '../../core/translate.ts';

export interface PageContext {
  site: Site;
  locale: string;
  locales: Locale[];
  strings: Strings;
  t: Translate;
  /** The site's name in the page's language (interface string `site.name`), for titles and shares. */
  siteName: string;
}

const FALLBACK_SITE: Site = { _id: 'not-set', niceName: 'Tiles', logo: 'tiles.svg', defaultLocale: DEFAULT_LOCALE, supportedLocale: [DEFAULT_LOCALE] };

/** Page contexts this Worker has loaded, by locale, with the content version they were read at. */
const loaded = new Map<string, { version: number; context: PageContext }>();
/** A locale comes from the address: a bound keeps made-up ones from filling the memory. */
const MAX_CACHED_LOCALES = 16;

/**
 * What every page needs: the site, its locales and the interface strings of the page's locale.
 * Pages read it as `Astro.locals.page` (src/server/request-page.ts), loaded once per request.
 * The strings are about a thousand rows per locale and change only when someone publishes: the
 * Worker keeps them and reads one counter per page (migration 0031) to know they are current;
 * `knownVersion` is that counter when the request has read it already.
 */
export async function loadPageContext(locale: string, knownVersion?: number): Promise<PageContext> {
  // Read before the content: what is loaded after it is at least as new as the version it is kept
  // under. A signed-in request read it already, with its token (functions/auth/session.ts).
  const version = knownVersion ?? (await findContentVersion(env.DB));
  const kept = loaded.get(locale);
  if (kept?.version === version) return kept.context;
  const context = await readPageContext(locale);
  if (!kept && loaded.size >= MAX_CACHED_LOCALES) loaded.clear();
  loaded.set(locale, { version, context });
  return context;
}

/**
 * The page context this Worker last loaded for `locale`, however old, or null: enough to know the
 * site's id and default language before the request's content counter is read.
 */
export function keptPageContext(locale: string): PageContext | null {
  return loaded.get(locale)?.context ?? null;
}

async function readPageContext(locale: string): Promise<PageContext> {
  const site = (await findSite(env.DB, env.SITE_ID)) ?? FALLBACK_SITE;
  const [locales, fallbackStrings, localeStrings] = await Promise.all([
    findLocales(env.DB, site.supportedLocale),
    findStrings(env.DB, site._id, site.defaultLocale),
    locale === site.defaultLocale ? Promise.resolve({}) : findStrings(env.DB, site._id, locale),
  ]);
  // A string not yet translated shows in the site's default language.
  // Shared by every request this Worker serves with this version: no page may change it.
  const strings: Strings = Object.freeze({ ...fallbackStrings, ...localeStrings });
  return { site, locale, locales, strings, t: translator(strings, locale), siteName: strings['site.name'] ?? site.niceName };
}
