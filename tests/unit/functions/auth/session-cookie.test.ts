import { describe, expect, it } from 'vitest';
import { sealSession, sessionSetCookie, unsealSession } from '../../../../functions/auth/session-cookie.ts';
import { assertSessionSecret, DEVELOPMENT_SESSION_SECRET } from '../../../../functions/auth/session-secret.ts';

const secret = 'unit-test-session-secret-0123456789abcdef';

describe('sealed session cookie', () => {
  it('round-trips the access and refresh tokens', async () => {
    const sealed = await sealSession({ accessToken: 'a', refreshToken: 'r' }, secret);
    expect(sealed).not.toContain('"a"');
    expect(await unsealSession(sealed, secret)).toEqual({ kind: 'ok', tokens: { accessToken: 'a', refreshToken: 'r' } });
  });

  it('round-trips the user the tokens are for, hidden; a cookie sealed without one still opens', async () => {
    const sealed = await sealSession({ accessToken: 'a', refreshToken: 'r', userId: 'u-learner-42' }, secret);
    expect(sealed).not.toContain('u-learner-42');
    expect(await unsealSession(sealed, secret)).toEqual({ kind: 'ok', tokens: { accessToken: 'a', refreshToken: 'r', userId: 'u-learner-42' } });
    const odd = await sealSession({ accessToken: 'a', refreshToken: 'r', userId: 42 } as never, secret);
    expect((await unsealSession(odd, secret)).kind).toBe('invalid');
  });

  it('treats a bad signature or garbage as a visitor, not a crash', async () => {
    const sealed = await sealSession({ accessToken: 'a', refreshToken: 'r' }, secret);
    expect((await unsealSession(sealed, `${secret}-other`)).kind).toBe('invalid');
    expect((await unsealSession('Fe26.2**garbage', secret)).kind).toBe('invalid');
    expect((await unsealSession(undefined, secret)).kind).toBe('none');
  });

  it('is httpOnly, SameSite=Strict, long-lived, and Secure outside plain-http localhost', () => {
    const https = sessionSetCookie('v', new URL('https://learn.example/'));
    expect(https).toMatch(/HttpOnly/);
    expect(https).toMatch(/SameSite=Strict/);
    expect(https).toMatch(/Secure/);
    expect(https).toMatch(/Max-Age=15552000/);
    expect(sessionSetCookie('v', new URL('http://localhost:4321/'))).not.toMatch(/Secure/);
  });
});

describe('session secret', () => {
  it('refuses a secret shorter than 32 characters', () => {
    expect(() => assertSessionSecret({ SESSION_SECRET: 'short', ENVIRONMENT: 'development' })).toThrow(/at least 32/);
  });

  it('refuses the development default outside development', () => {
    expect(() => assertSessionSecret({ SESSION_SECRET: DEVELOPMENT_SESSION_SECRET, ENVIRONMENT: 'production' })).toThrow(/development default/);
    expect(() => assertSessionSecret({ SESSION_SECRET: DEVELOPMENT_SESSION_SECRET })).toThrow(/development default/);
    expect(assertSessionSecret({ SESSION_SECRET: DEVELOPMENT_SESSION_SECRET, ENVIRONMENT: 'development' })).toBe(DEVELOPMENT_SESSION_SECRET);
  });
});
