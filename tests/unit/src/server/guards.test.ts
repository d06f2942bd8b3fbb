import { describe, expect, it } from 'vitest';
import { fromOwnPage, localeRedirect, requiresAuthentication, validateRoute, visitorRedirect } from '../../../../src/server/guards.ts';
import { applyRouteRules } from '../../../../src/server/route-rules.ts';

describe('route validation (guard 1)', () => {
  it('accepts a session id of course / module number / session number', () => {
    expect(validateRoute('/it-IT/course/session/rischio-clinico/1/2')).toBeNull();
    expect(validateRoute('/it-IT/course/rischio-clinico')).toBeNull();
    expect(validateRoute('/it-IT/privacy')).toBeNull();
  });

  it('refuses other session ids with a fatal 404 naming the path', () => {
    for (const path of [
      '/it-IT/course/session/rischio/uno/2',
      '/it-IT/course/session/rischio/1',
      '/it-IT/course/session/rischio/1/2/3',
      '/it-IT/course/session/rischio/0/1',
    ]) {
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

describe("a visitor's way out of the course and profile areas (guard 2)", () => {
  const origin = 'https://learn.example';
  const clicked = { fetchSite: 'same-origin', referer: `${origin}/it-IT/catalogo-corsi`, origin };

  it('tells a click on one of our pages from a typed address, a bookmark or another site', () => {
    expect(fromOwnPage(clicked)).toBe(true);
    expect(fromOwnPage({ fetchSite: 'none', referer: null, origin })).toBe(false);
    expect(fromOwnPage({ fetchSite: 'cross-site', referer: `${origin}/it-IT`, origin })).toBe(false);
    expect(fromOwnPage({ fetchSite: 'same-site', referer: null, origin })).toBe(false);
    // Browsers without Fetch Metadata: the Referer alone, and only our exact origin.
    expect(fromOwnPage({ fetchSite: null, referer: `${origin}/it-IT/catalogo-corsi`, origin })).toBe(true);
    expect(fromOwnPage({ fetchSite: null, referer: 'https://learn.example.evil.test/', origin })).toBe(false);
    expect(fromOwnPage({ fetchSite: null, referer: 'not a url', origin })).toBe(false);
    expect(fromOwnPage({ fetchSite: null, referer: null, origin })).toBe(false);
  });

  it('sends a course clicked in the catalogue to sign-in and back, anything else home', () => {
    expect(visitorRedirect('/it-IT/course/triage', '', clicked)).toBe('/tiles-access?returnTo=%2Fit-IT%2Fcourse%2Ftriage');
    expect(visitorRedirect('/it-IT/course/session/triage/1/2', '?t=1', clicked)).toBe(
      '/tiles-access?returnTo=%2Fit-IT%2Fcourse%2Fsession%2Ftriage%2F1%2F2%3Ft%3D1',
    );
    expect(visitorRedirect('/it-IT/course/triage', '', { fetchSite: 'none', referer: null, origin })).toBe('/');
    expect(visitorRedirect('/it-IT/course/triage', '', { fetchSite: 'cross-site', referer: 'https://elsewhere.example/', origin })).toBe('/');
    expect(visitorRedirect('/it-IT/profile', '', clicked)).toBe('/');
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
