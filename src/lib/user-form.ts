/** Client-side checks of the user-data form; the API checks again and has the last word. */
export interface UserForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  gender: 'maschile' | 'femminile' | 'neutro';
  locale: string;
}

export type FieldError = { key: string; values?: Record<string, number> };

export function validateUserForm(form: UserForm): Partial<Record<keyof UserForm, FieldError>> {
  const errors: Partial<Record<keyof UserForm, FieldError>> = {};
  for (const field of ['firstName', 'lastName'] as const) {
    const value = form[field].trim();
    if (!value) errors[field] = { key: 'validation.required' };
    else if (value.length > 80) errors[field] = { key: 'validation.maxLength', values: { max: 80 } };
  }
  if (form.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim())) errors.email = { key: 'validation.email' };
  const phone = form.phone.trim();
  if (phone && !/^\+?[0-9]+$/.test(phone)) errors.phone = { key: 'validation.numbers' };
  else if (phone && phone.replace('+', '').length < 6) errors.phone = { key: 'validation.minLength', values: { min: 6 } };
  else if (phone && phone.replace('+', '').length > 15) errors.phone = { key: 'validation.maxLength', values: { max: 15 } };
  return errors;
}

export const GENDER_NAMES = { m: 'maschile', f: 'femminile', n: 'neutro' } as const;
