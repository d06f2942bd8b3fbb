import { describe, expect, it } from 'vitest';
import { canonicalLocale, chooseLocale, closestLocale, isLocaleCode, languageName, localeOfPath, localizedPath } from '../../../core/locale.ts';

describe('locale codes', () => {
  it('match two lowercase letters, a dash and two uppercase letters', () => {
    expect(isLocaleCode('it-IT')).toBe(true);
    expect(isLocaleCode('de-DE')).toBe(true);
    for (const bad of ['it', 'IT-it', 'it_IT', 'it-it', 'ita-IT', 'it-ITA', '', 'profile']) expect(isLocaleCode(bad)).toBe(false);
  });

  it('are read from the first path segment only', () => {
    expect(localeOfPath('/en-US/privacy')).toBe('en-US');
    expect(localeOfPath('/privacy/en-US')).toBeUndefined();
  });

  it('replace the locale of a path, or add one', () => {
    expect(localizedPath('/it-IT/catalogo-corsi/rischio', 'de-DE')).toBe('/de-DE/catalogo-corsi/rischio');
    expect(localizedPath('/privacy', 'en-US')).toBe('/en-US/privacy');
    expect(localizedPath('/it-IT', 'en-US')).toBe('/en-US');
  });

  it('prefer the user, then the remembered locale, then the site default, and only supported ones', () => {
    const supported = ['it-IT', 'en-US', 'de-DE'];
    expect(chooseLocale({ userLocale: 'de-DE', cookieLocale: 'en-US', supported, fallback: 'it-IT' })).toBe('de-DE');
    expect(chooseLocale({ userLocale: null, cookieLocale: 'en-US', supported, fallback: 'it-IT' })).toBe('en-US');
    expect(chooseLocale({ userLocale: 'fr-FR', cookieLocale: 'xx', supported, fallback: 'it-IT' })).toBe('it-IT');
  });

  it("give sign-in the language of the page it returns to, before the remembered one but never the user's", () => {
    const supported = ['it-IT', 'en-US', 'de-DE'];
    expect(chooseLocale({ returnLocale: 'de-DE', cookieLocale: 'en-US', supported, fallback: 'it-IT' })).toBe('de-DE');
    expect(chooseLocale({ userLocale: 'en-US', returnLocale: 'de-DE', supported, fallback: 'it-IT' })).toBe('en-US');
    expect(chooseLocale({ returnLocale: 'fr-FR', cookieLocale: 'en-US', supported, fallback: 'it-IT' })).toBe('en-US');
  });
});

describe('page paths', () => {
  it('drop the .html of pre-rendered file names', async () => {
    const { pagePath } = await import('../../../core/locale.ts');
    expect(pagePath('/de-DE/chi-siamo.html')).toBe('/de-DE/chi-siamo');
    expect(pagePath('/it-IT.html')).toBe('/it-IT');
    expect(pagePath('/it-IT/profile')).toBe('/it-IT/profile');
  });
});

describe('languageName', () => {
  it('names a locale’s language in the reader’s language, and keeps an unknown code as it is', () => {
    expect(languageName('it-IT', 'en-US')).toBe('inglese americano');
    expect(languageName('de-DE', 'it-IT')).toBe('Italienisch (Italien)');
    expect(languageName('it-IT', 'not a code')).toBe('not a code');
  });
});

describe('canonicalLocale and closestLocale', () => {
  it('reads a locale in any case, and nothing else', () => {
    expect(canonicalLocale('it-it')).toBe('it-IT');
    expect(canonicalLocale('DE-de')).toBe('de-DE');
    expect(canonicalLocale('catalogo-corsi')).toBeUndefined();
    expect(canonicalLocale(undefined)).toBeUndefined();
  });

  it('shows a locale the site lacks in the same language if it has one, else in its default', () => {
    const supported = ['it-IT', 'en-US', 'de-DE'];
    expect(closestLocale('en-GB', supported, 'it-IT')).toBe('en-US');
    expect(closestLocale('de-AT', supported, 'it-IT')).toBe('de-DE');
    expect(closestLocale('fr-FR', supported, 'it-IT')).toBe('it-IT');
  });
});
