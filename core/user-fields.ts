/**
 * The user's editable fields and their limits, as plain data: the contract of
 * `PUT /api/auth/user` (`contracts/user.ts`) is built from them, and the profile form
 * (`src/lib/user-form.ts`) checks with them without shipping zod (25 KiB gzip) to the browser.
 */
export const NAME_MAX_LENGTH = 80;
export const EMAIL_MAX_LENGTH = 254;
/** zod's own e-mail pattern (`z.email()`'s default), named so both sides test the same one. */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
export const PHONE_MIN_DIGITS = 6;
export const PHONE_MAX_DIGITS = 15;
/** The phone's three rules, in the order they are checked, each its own so a form can say which failed. */
export const PHONE_RULES = {
  numbers: /^\+?[0-9]*$/,
  minLength: new RegExp(`^\\+?[0-9]{${PHONE_MIN_DIGITS},}$`),
  maxLength: new RegExp(`^\\+?[0-9]{0,${PHONE_MAX_DIGITS}}$`),
} as const;

export const GENDERS = ['m', 'f', 'n'] as const;
export type Gender = (typeof GENDERS)[number];
/** The interface offers maschile, femminile, neutro; D1 stores m, f, n. */
export const GENDER_NAMES = { m: 'maschile', f: 'femminile', n: 'neutro' } as const;
export type GenderName = (typeof GENDER_NAMES)[Gender];

const GENDER_BY_NAME = Object.fromEntries(GENDERS.map((gender) => [GENDER_NAMES[gender], gender])) as Record<GenderName, Gender>;

/** The stored code of a gender given by its code or by its interface name (`femminile` is `f`). */
export function genderCode(value: Gender | GenderName): Gender {
  return (GENDERS as readonly string[]).includes(value) ? (value as Gender) : GENDER_BY_NAME[value as GenderName];
}
