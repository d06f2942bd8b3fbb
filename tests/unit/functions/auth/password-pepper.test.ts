import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assertPasswordPepper, DEVELOPMENT_PASSWORD_PEPPER } from '../../../../functions/auth/password-pepper.ts';

describe('password pepper at start-up', () => {
  it('refuses the development pepper outside development, as it does the session secret', () => {
    expect(() => assertPasswordPepper({ PASSWORD_PEPPER: DEVELOPMENT_PASSWORD_PEPPER, ENVIRONMENT: 'production' })).toThrow(/development default/);
    expect(() => assertPasswordPepper({ PASSWORD_PEPPER: DEVELOPMENT_PASSWORD_PEPPER })).toThrow(/development default/);
    expect(assertPasswordPepper({ PASSWORD_PEPPER: DEVELOPMENT_PASSWORD_PEPPER, ENVIRONMENT: 'development' })).toBe(DEVELOPMENT_PASSWORD_PEPPER);
  });

  it('refuses a missing pepper everywhere and accepts a production one', () => {
    expect(() => assertPasswordPepper({ PASSWORD_PEPPER: '', ENVIRONMENT: 'development' })).toThrow(/missing/);
    expect(() => assertPasswordPepper({ ENVIRONMENT: 'production' } as never)).toThrow(/missing/);
    expect(assertPasswordPepper({ PASSWORD_PEPPER: 'a-random-production-pepper-9f8e7d6c5b4a', ENVIRONMENT: 'production' })).toBe(
      'a-random-production-pepper-9f8e7d6c5b4a',
    );
  });

  it('knows the pepper .dev.vars.example ships', () => {
    expect(readFileSync('.dev.vars.example', 'utf8')).toContain(`PASSWORD_PEPPER=${DEVELOPMENT_PASSWORD_PEPPER}\n`);
  });
});
