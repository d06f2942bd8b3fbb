import type { ApiContext } from '../api-context.ts';
import { findSite } from '../data/site/sites.ts';
import { HttpError } from '../http-error.ts';
import { message } from '../messages.ts';

/** The site's default locale, once `locale` is checked to be one the site supports (else a 400 naming it). */
export async function supportedLocale(context: ApiContext, locale: string): Promise<string> {
  const site = await findSite(context.env.DB, context.siteId);
  if (!site?.supportedLocale.includes(locale)) {
    throw new HttpError(400, message('invalidField', context.language, { field: 'locale', detail: locale }));
  }
  return site.defaultLocale;
}
