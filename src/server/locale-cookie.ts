import { stringifySetCookie } from 'cookie';
import { LOCALE_COOKIE } from '../../core/locale.ts';

/**
 * The remembered locale (`t-lc`), as the pages' script writes it (src/lib/remember-locale.ts), set
 * by the server where no script has run yet. Secure on https, as the session's cookies.
 */
export function localeCookie(locale: string, url: URL): string {
  return stringifySetCookie({ name: LOCALE_COOKIE, value: locale, path: '/', maxAge: 31_536_000, sameSite: 'lax', secure: url.protocol === 'https:' });
}
