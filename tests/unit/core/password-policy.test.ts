import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from '../../../core/common-passwords.ts';
import { newPassword } from '../../../core/contracts/password.ts';
import { COMMON_PASSWORD, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from '../../../core/password-policy.ts';

describe('the password policy', () => {
  it('takes 8 to 128 characters of anything, with no composition rule', () => {
    expect(passwordProblem('a'.repeat(PASSWORD_MIN_LENGTH - 1))).toBe('minLength');
    expect(passwordProblem('tutto minuscolo e spazi')).toBeNull();
    expect(passwordProblem('xy'.repeat(PASSWORD_MAX_LENGTH / 2))).toBeNull();
    expect(passwordProblem('x'.repeat(PASSWORD_MAX_LENGTH + 1))).toBe('maxLength');
  });

  it('counts characters as a person does: eight emoji are eight characters', () => {
    expect(passwordProblem('🏥🩺💉🧪🏥🩺💉🧪')).toBeNull();
    expect(passwordProblem('🏥🩺💉🧪🏥🩺💉')).toBe('minLength');
  });

  it('refuses the 3,000 most common passwords of the minimum length, whatever their case', () => {
    expect(COMMON_PASSWORDS.size).toBe(3000);
    for (const password of COMMON_PASSWORDS) expect([...password].length).toBeGreaterThanOrEqual(PASSWORD_MIN_LENGTH);
    for (const password of ['password', 'PASSWORD', '12345678', 'Qwertyuiop', 'iloveyou']) expect(passwordProblem(password), password).toBe('common');
  });

  it('refuses one character over and over, spaces too, as easy to guess', () => {
    for (const password of [' '.repeat(8), 'z'.repeat(20), '🩺'.repeat(8)]) expect(passwordProblem(password), JSON.stringify(password)).toBe('common');
    expect(passwordProblem('zzzzzzzy')).toBeNull();
  });

  it("is the contract's: zod's length issues for the forms, a custom issue naming a common password", () => {
    expect(newPassword.safeParse('una frase lunga').success).toBe(true);
    expect(newPassword.safeParse('corta').error?.issues[0]).toMatchObject({ code: 'too_small', minimum: PASSWORD_MIN_LENGTH });
    expect(newPassword.safeParse('x'.repeat(PASSWORD_MAX_LENGTH + 1)).error?.issues[0]).toMatchObject({ code: 'too_big', maximum: PASSWORD_MAX_LENGTH });
    expect(newPassword.safeParse('football').error?.issues[0]).toMatchObject({ code: 'custom', params: { reason: COMMON_PASSWORD } });
  });
});
