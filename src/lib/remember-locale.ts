import { LOCALE_COOKIE } from '../../core/locale.ts';

/** Remembers the locale of the page in view, so that a locale-less address opens in it next time. */
export function rememberLocale(): void {
  document.addEventListener('astro:page-load', () => {
    const locale = document.documentElement.dataset.locale;
    if (locale) document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
  });
}
