import { describe, expect, it } from 'vitest';
import { isSafeReturnPath, signInPath } from '../../../core/return-path.ts';

describe('return paths', () => {
  it('accept same-origin relative paths only', () => {
    expect(isSafeReturnPath('/it-IT/profile')).toBe(true);
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)', '/ok\nx']) expect(isSafeReturnPath(bad)).toBe(false);
  });

  it('go into the sign-in address encoded, query and all', () => {
    expect(signInPath('/it-IT/course/triage')).toBe('/tiles-access?returnTo=%2Fit-IT%2Fcourse%2Ftriage');
    const link = new URL(signInPath('/en-US/course/session/triage/1/2?t=1&x=%2F'), 'https://learn.example');
    expect(link.pathname).toBe('/tiles-access');
    expect(link.searchParams.get('returnTo')).toBe('/en-US/course/session/triage/1/2?t=1&x=%2F');
  });
});
