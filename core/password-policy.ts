import { COMMON_PASSWORDS } from './common-passwords.ts';

/**
 * The password policy (OWASP ASVS 5.0, V6.2): at least 8 characters (15 recommended), up to 128,
 * any characters, no composition rules, and not one of the most common passwords nor one character
 * over and over (eight spaces, "aaaaaaaa": guessed as soon as the length is). Plain data and
 * one pure check, so the API's contract, the page forms and a browser script share it without zod.
 * Lengths count characters as a person does (code points), not UTF-16 units.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The refinement's `params.reason` for a common password, which the forms and the API word. */
export const COMMON_PASSWORD = 'common-password';

/** The refinement's `params.reason` for a new password equal to the current one: changing it would change nothing. */
export const SAME_PASSWORD = 'same-password';

export type PasswordProblem = 'minLength' | 'maxLength' | 'common';

/** What is wrong with a new password, or null when the policy accepts it. */
export function passwordProblem(password: string): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'minLength';
  if (length > PASSWORD_MAX_LENGTH) return 'maxLength';
  if (COMMON_PASSWORDS.has(password.toLowerCase()) || new Set(password).size === 1) return 'common';
  return null;
}
