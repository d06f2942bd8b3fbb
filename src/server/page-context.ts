import { env } from 'cloudflare:workers';
import { findLocales, findSite, findStrings, type Locale, type Site } from '../../functions/data/site/sites.ts';
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

/**
 * What every page needs: the site, its locales and the interface strings of the page's locale.
 * Pages read it as `Astro.locals.page` (src/server/request-page.ts), loaded once per request.
 */
export async function loadPageContext(locale: string): Promise<PageContext> {
  const site = (await findSite(env.DB, env.SITE_ID)) ?? FALLBACK_SITE;
  const [locales, fallbackStrings, localeStrings] = await Promise.all([
    findLocales(env.DB, site.supportedLocale),
    findStrings(env.DB, site._id, site.defaultLocale),
    locale === site.defaultLocale ? Promise.resolve({}) : findStrings(env.DB, site._id, locale),
  ]);
  // A string not yet translated shows in the site's default language.
  const strings: Strings = { ...fallbackStrings, ...localeStrings };
  return { site, locale, locales, strings, t: translator(strings), siteName: strings['site.name'] ?? site.niceName };
}
