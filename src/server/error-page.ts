import { env } from 'cloudflare:workers';
import { isDevelopment } from '../../functions/env.ts';
import { requestIdFor } from '../../functions/request-log.ts';
import { isCrawler } from './crawler.ts';
import { chooseLocale, DEFAULT_LOCALE, localeOfPath } from '../../core/locale.ts';
import { translator, type Translate } from '../../core/translate.ts';
import { loadPageContext } from './page-context.ts';

/** The error screen's own strings, for when D1 itself is what failed. */
const FALLBACK_STRINGS = {
  'error.title': 'Errore {code}',
  'error.detected': 'Errore rilevato:',
  'error.support': 'Assistenza',
  'error.home': 'Torna alla homepage',
  'error.stack': 'Traccia dello stack',
  'error.status.403': 'Richiesta non consentita',
  'error.status.404': 'Pagina non trovata',
  'error.status.413': 'Richiesta troppo grande',
  'error.status.500': 'Errore interno del server',
  'error.explain.500': 'Qualcosa non ha funzionato da parte nostra. Riprova tra poco; se il problema resta, scrivi all’assistenza.',
  'error.reference': 'Riferimento per l’assistenza: {id}',
};

export interface ErrorView {
  t: Translate;
  logo: string;
  siteName: string;
  locale: string;
  showStack: boolean;
  /** The request's id, as in its log line (functions/request-log.ts), or null. */
  requestId: string | null;
}

/**
 * The error screen in the reader's language: the locale of the failed page's path, else the one
 * remembered in the `t-lc` cookie, else the site's default; only a locale the site supports.
 */
export async function loadErrorView(pathname: string, cookieLocale?: string | null, executionContext?: object): Promise<ErrorView> {
  const requested = localeOfPath(pathname) ?? cookieLocale ?? null;
  const showStack = isDevelopment(env);
  const requestId = requestIdFor(executionContext);
  try {
    const probe = await loadPageContext(DEFAULT_LOCALE);
    const locale = chooseLocale({ userLocale: requested, supported: probe.site.supportedLocale, fallback: probe.site.defaultLocale });
    const page = locale === probe.locale ? probe : await loadPageContext(locale);
    return { t: translator({ ...FALLBACK_STRINGS, ...page.strings }, locale), logo: page.site.logo, siteName: page.siteName, locale, showStack, requestId };
  } catch (error) {
    console.error('Error screen without D1:', error);
    return { t: translator(FALLBACK_STRINGS), logo: 'tiles.svg', siteName: 'Tiles', locale: DEFAULT_LOCALE, showStack, requestId };
  }
}

/** Crawlers get the status only; the error is logged either way. */
export function crawlerResponse(userAgent: string | null, statusCode: number, detail: string): Response | null {
  console.error(`[${statusCode}] ${detail}`);
  return isCrawler(userAgent) ? new Response(null, { status: statusCode, headers: { 'cache-control': 'no-store' } }) : null;
}
