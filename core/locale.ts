/** A locale path segment: two lowercase letters, a dash, two uppercase letters. */
export const LOCALE_PATTERN = /^[a-z]{2}-[A-Z]{2}$/;
export const DEFAULT_LOCALE = 'it-IT';
/** Remembers the visitor's last locale, for paths that arrive without one. */
export const LOCALE_COOKIE = 't-lc';

export function isLocaleCode(segment: string | undefined): segment is string {
  return typeof segment === 'string' && LOCALE_PATTERN.test(segment);
}

/** A locale code typed in another case ('it-it', 'EN-us') as the platform writes it ('it-IT'); undefined for anything else. */
export function canonicalLocale(segment: string | undefined): string | undefined {
  if (!segment || !/^[a-z]{2}-[a-z]{2}$/i.test(segment)) return undefined;
  return `${segment.slice(0, 2).toLowerCase()}-${segment.slice(3).toUpperCase()}`;
}

/** Of a site's locales, the one to show for `wanted`, which it lacks: the same language if it has one ('en-GB' → 'en-US'), else its default. */
export function closestLocale(wanted: string, supported: readonly string[], fallback: string): string {
  return supported.find((code) => code.slice(0, 2) === wanted.slice(0, 2)) ?? fallback;
}

/** A stored locale as a path and an e-mail can use it: the platform's default when it is malformed. */
export function localeOrDefault(code: string | undefined): string {
  return isLocaleCode(code) ? code : DEFAULT_LOCALE;
}

export function pathSegments(pathname: string): string[] {
  return pathname.split('/').filter(Boolean);
}

/** The locale of a path's first segment, if it has one. */
export function localeOfPath(pathname: string): string | undefined {
  const first = pathSegments(pathname)[0];
  return isLocaleCode(first) ? first : undefined;
}

/** The path with its locale segment replaced (or added). */
export function localizedPath(pathname: string, locale: string): string {
  const segments = pathSegments(pathname);
  if (isLocaleCode(segments[0])) segments.shift();
  return `/${[locale, ...segments].join('/')}`;
}

/**
 * Picks the current locale: the user's, then that of the page the request leads back to (sign-in's
 * `returnTo`: the visitor was just reading it), then the remembered one, then the site default.
 */
export function chooseLocale(options: {
  userLocale?: string | null;
  returnLocale?: string | null;
  cookieLocale?: string | null;
  supported: readonly string[];
  fallback: string;
}): string {
  for (const candidate of [options.userLocale, options.returnLocale, options.cookieLocale]) {
    if (candidate && isLocaleCode(candidate) && options.supported.includes(candidate)) return candidate;
  }
  return options.fallback;
}

/** The address of a page as visitors see it: pre-rendering names pages '/it-IT/privacy.html'. */
export function pagePath(pathname: string): string {
  const path = pathname.replace(/(\/index)?\.html$/, '');
  return path === '' ? '/' : path;
}

/** A locale's language as `reader` names it ("inglese americano" for en-US on an Italian page); the code itself when unknown. */
export function languageName(reader: string, code: string): string {
  try {
    return new Intl.DisplayNames(reader, { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
