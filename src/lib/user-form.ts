import type { UserUpdateRequest } from '../../core/contracts/user.ts';
import { LOCALE_PATTERN } from '../../core/locale.ts';
import { hiddenCharacter } from '../../core/plain-text.ts';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  GENDER_NAMES,
  NAME_MAX_LENGTH,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  PHONE_RULES,
  type GenderName,
} from '../../core/user-fields.ts';

export { GENDER_NAMES };

/**
 * Client-side checks of the user-data form, with the limits and patterns the API's contract
 * (`userUpdateRequest`) is built from (`core/user-fields.ts`), in the contract's order: the form
 * refuses exactly what the server refuses (tests/unit/src/lib/user-form.test.ts holds them together)
 * without shipping zod to the browser. The API checks again and has the last word.
 */
export interface UserForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** '' while the account has none (a provider's new account): nothing is sent. */
  gender: GenderName | '';
  locale: string;
}

export type FieldError = { key: string; values?: Record<string, number> };

/** What the form sends: every field it shows; an empty e-mail or phone clears it. */
export function toUserUpdate(form: UserForm): UserUpdateRequest {
  return {
    firstName: form.firstName,
    lastName: form.lastName,
    email: form.email || null,
    phone: form.phone || null,
    locale: form.locale,
    fields: form.gender ? { gender: form.gender } : {},
  };
}

function nameError(value: string): FieldError | undefined {
  const text = value.trim();
  if (!text) return { key: 'validation.required' };
  if (text.length > NAME_MAX_LENGTH) return { key: 'validation.maxLength', values: { max: NAME_MAX_LENGTH } };
  return hiddenCharacter(text) ? { key: 'validation.characters' } : undefined;
}

function emailError(value: string): FieldError | undefined {
  const text = value.trim();
  if (!text) return undefined;
  if (text.length > EMAIL_MAX_LENGTH) return { key: 'validation.maxLength', values: { max: EMAIL_MAX_LENGTH } };
  if (hiddenCharacter(text)) return { key: 'validation.characters' };
  return EMAIL_PATTERN.test(text) ? undefined : { key: 'validation.email' };
}

function phoneError(value: string): FieldError | undefined {
  const text = value.trim();
  if (!text) return undefined;
  if (hiddenCharacter(text)) return { key: 'validation.characters' };
  if (!PHONE_RULES.numbers.test(text)) return { key: 'validation.numbers' };
  if (!PHONE_RULES.minLength.test(text)) return { key: 'validation.minLength', values: { min: PHONE_MIN_DIGITS } };
  if (!PHONE_RULES.maxLength.test(text)) return { key: 'validation.maxLength', values: { max: PHONE_MAX_DIGITS } };
  return undefined;
}

export function validateUserForm(form: UserForm): Partial<Record<keyof UserForm, FieldError>> {
  const errors: Partial<Record<keyof UserForm, FieldError>> = {
    firstName: nameError(form.firstName),
    lastName: nameError(form.lastName),
    email: emailError(form.email),
    phone: phoneError(form.phone),
    locale: LOCALE_PATTERN.test(form.locale) ? undefined : { key: 'validation.format' },
    gender: form.gender === '' || Object.values(GENDER_NAMES).includes(form.gender) ? undefined : { key: 'validation.format' },
  };
  return Object.fromEntries(Object.entries(errors).filter(([, error]) => error)) as Partial<Record<keyof UserForm, FieldError>>;
}
