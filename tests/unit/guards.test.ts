import { describe, expect, it } from 'vitest';
import { localeRedirect, requiresAuthentication, validateRoute } from '../../src/server/guards.ts';
import { applyRouteRules } from '../../src/server/route-rules.ts';

describe('route validation (guard 1)', () => {
  it('accepts a session id of course / module number / session number', () => {
    expect(validateRoute('/it-IT/course/session/rischio-clinico/1/2')).toBeNull();
    expect(validateRoute('/it-IT/course/rischio-clinico')).toBeNull();
    expect(validateRoute('/it-IT/privacy')).toBeNull();
  });

  it('refuses other session ids with a fatal 404 naming the path', () => {
    for (const path of ['/it-IT/course/session/rischio/uno/2', '/it-IT/course/session/rischio/1', '/it-IT/course/session/rischio/1/2/3', '/it-IT/course/session/rischio/0/1']) {
      expect(validateRoute(path)).toEqual({ statusCode: 404, statusMessage: 'Not Found', message: `Page Not Found: ${path}`, fatal: true, path });
    }
  });
});

describe('session check (guard 2)', () => {
  it('protects course and profile with or without a locale', () => {
    for (const path of ['/profile', '/it-IT/profile', '/en-US/profile/user-data', '/course/x', '/de-DE/course/session/x/1/1']) {
      expect(requiresAuthentication(path)).toBe(true);
    }
    for (const path of ['/', '/it-IT', '/it-IT/catalogo-corsi', '/it-IT/profilo', '/tiles-access']) expect(requiresAuthentication(path)).toBe(false);
  });
});

describe('locale prefix (guard 3)', () => {
  it('sends the empty path to the current locale', () => {
    expect(localeRedirect('/', '', 'it-IT')).toBe('/it-IT');
  });

  it('prepends the current locale, keeping the query', () => {
    expect(localeRedirect('/privacy', '?a=1', 'en-US')).toBe('/en-US/privacy?a=1');
    expect(localeRedirect('/catalogo-corsi/rischio', '', 'it-IT')).toBe('/it-IT/catalogo-corsi/rischio');
  });

  it('leaves localized, federated, tiles-access, test and file paths alone', () => {
    for (const path of ['/it-IT/privacy', '/federated/medikey', '/tiles-access', '/test', '/favicon.ico', '/api/stats']) {
      expect(localeRedirect(path, '', 'it-IT')).toBeNull();
    }
  });
});

describe('route rules (guard 5)', () => {
  it('follows a rule and keeps the locale', () => {
    expect(applyRouteRules('/de-DE/catalogo', '')).toBe('/de-DE/catalogo-corsi');
    expect(applyRouteRules('/it-IT/home', '')).toBe('/it-IT');
    expect(applyRouteRules('/it-IT/login', '')).toBe('/tiles-access');
    expect(applyRouteRules('/it-IT/privacy', '')).toBeNull();
  });
});
