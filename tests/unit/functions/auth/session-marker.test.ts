import { describe, expect, it } from 'vitest';
import {
  clearSessionCookie,
  markerForSessionCookie,
  sessionMarkerCookie,
  sessionSetCookie,
  withSessionMarker,
} from '../../../../functions/auth/session-cookie.ts';

const local = new URL('http://localhost:4321/tiles-access');
const live = new URL('https://learn.example/it-IT/logout');

describe('the signed-in marker beside t-ssid', () => {
  it('is readable by the page (not HttpOnly), holds no secret, and lives as long as the session cookie', () => {
    const marker = sessionMarkerCookie(true, live);
    expect(marker).toMatch(/^t-in=1;/);
    expect(marker).not.toMatch(/HttpOnly/i);
    expect(marker).toMatch(/Max-Age=15552000/);
    expect(marker).toMatch(/SameSite=Strict/);
    expect(marker).toMatch(/Secure/);
    expect(sessionMarkerCookie(true, local)).not.toMatch(/Secure/);
  });

  it('follows t-ssid: set when it is set or renewed, cleared when it is cleared, nothing for other cookies', () => {
    expect(markerForSessionCookie(sessionSetCookie('Fe26.2**sealed', live), live)).toBe(sessionMarkerCookie(true, live));
    expect(markerForSessionCookie(clearSessionCookie(live), live)).toBe(sessionMarkerCookie(false, live));
    expect(markerForSessionCookie(clearSessionCookie(live), live)).toMatch(/^t-in=; Max-Age=0/);
    expect(markerForSessionCookie('t-lc=it-IT; Path=/', live)).toBeNull();
    expect(markerForSessionCookie('t-ssidx=1; Path=/', live)).toBeNull();
  });

  it('is added to an answer that sets or clears t-ssid, and a contrary marker is dropped', () => {
    const signedIn = sessionSetCookie('Fe26.2**sealed', local);
    expect(withSessionMarker([signedIn], local)).toEqual([signedIn, sessionMarkerCookie(true, local)]);
    // A guard marked the visitor signed in, then the page signed them out: the session cookie decides.
    const cleared = clearSessionCookie(local);
    expect(withSessionMarker([sessionMarkerCookie(true, local), 't-lc=en-US; Path=/', cleared], local)).toEqual([
      't-lc=en-US; Path=/',
      cleared,
      sessionMarkerCookie(false, local),
    ]);
    expect(withSessionMarker(['t-lc=en-US; Path=/', sessionMarkerCookie(false, local)], local)).toEqual([
      't-lc=en-US; Path=/',
      sessionMarkerCookie(false, local),
    ]);
    expect(withSessionMarker([], local)).toEqual([]);
  });
});
