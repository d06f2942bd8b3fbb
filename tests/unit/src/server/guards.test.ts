import { describe, expect, it } from 'vitest';
import { localeRedirect, validateRoute, visitorRedirect } from '../../../../src/server/guards.ts';
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

describe('staff pages (guard 1)', () => {
  it("accept the area's own address, the lists, a person by user id, a course by id and its editing screen", () => {
    for (const path of [
      '/it-IT/staff',
      '/it-IT/staff/people',
      '/it-IT/staff/people/u-studente-demo',
      '/en-US/staff/courses',
      '/it-IT/staff/courses/triage',
      '/it-IT/staff/courses/triage/edit',
      '/de-DE/staff/support',
      '/it-IT/staff/support/12',
    ])
      expect(validateRoute(path), path).toBeNull();
  });

  it('refuse anything else with the fatal 404', () => {
    for (const path of [
      '/it-IT/staff/other',
      '/it-IT/staff/people/u%20x',
      '/it-IT/staff/courses/Triage',
      '/it-IT/staff/people/a/b',
      '/it-IT/staff/people/u-1/edit',
      '/it-IT/staff/courses/triage/other',
      '/it-IT/staff/courses/Triage/edit',
      '/it-IT/staff/courses/triage/edit/more',
      '/it-IT/staff/support/0',
      '/it-IT/staff/support/x',
      // Names every object has: a 404 like any other word, never a thrown error (a 500).
      '/it-IT/staff/constructor/x',
      '/it-IT/staff/__proto__/x',
      '/it-IT/staff/toString',
      '/it-IT/staff/hasOwnProperty/1',
    ])
      expect(validateRoute(path)?.statusCode, path).toBe(404);
  });
});

describe("a visitor's way through the course and profile areas (guard 2)", () => {
  it('sends a visitor home from the profile, with or without a locale', () => {
    for (const path of ['/profile', '/it-IT/profile', '/en-US/profile/user-data']) expect(visitorRedirect(path, '')).toBe('/');
  });

  it("lets a visitor open a course's page, however they came: it shows the public summary", () => {
    for (const path of ['/it-IT/course/triage', '/course/triage', '/de-DE/course/triage/2', '/it-IT/course/ecm']) expect(visitorRedirect(path, '')).toBeNull();
  });

  it('sends a visitor from a session or an ECM page to sign-in, and back to that exact address', () => {
    expect(visitorRedirect('/it-IT/course/session/triage/1/2', '?t=1')).toBe('/tiles-access?returnTo=%2Fit-IT%2Fcourse%2Fsession%2Ftriage%2F1%2F2%3Ft%3D1');
    expect(visitorRedirect('/de-DE/course/session/triage/3/1', '')).toBe('/tiles-access?returnTo=%2Fde-DE%2Fcourse%2Fsession%2Ftriage%2F3%2F1');
    expect(visitorRedirect('/course/session/triage/1/1', '')).toBe('/tiles-access?returnTo=%2Fcourse%2Fsession%2Ftriage%2F1%2F1');
    expect(visitorRedirect('/en-US/course/ecm/bls-d-adulto', '')).toBe('/tiles-access?returnTo=%2Fen-US%2Fcourse%2Fecm%2Fbls-d-adulto');
  });

  it('sends a visitor from a staff page to sign-in, and back to that exact list or person', () => {
    expect(visitorRedirect('/it-IT/staff/people', '?q=rossi')).toBe('/tiles-access?returnTo=%2Fit-IT%2Fstaff%2Fpeople%3Fq%3Drossi');
    expect(visitorRedirect('/en-US/staff/courses/triage', '')).toBe('/tiles-access?returnTo=%2Fen-US%2Fstaff%2Fcourses%2Ftriage');
  });

  it('leaves every other page alone', () => {
    for (const path of ['/', '/it-IT', '/it-IT/catalogo-corsi', '/it-IT/profilo', '/it-IT/courses', '/tiles-access'])
      expect(visitorRedirect(path, '')).toBeNull();
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

  it('writes a locale typed in another case as the platform does, instead of prepending one', () => {
    expect(localeRedirect('/it-it/profile', '?x=1', 'en-US')).toBe('/it-IT/profile?x=1');
    expect(localeRedirect('/EN-us', '', 'it-IT')).toBe('/en-US');
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
