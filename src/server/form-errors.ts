import type { z } from 'zod';
import { HIDDEN_CHARACTER } from '../../core/plain-text.ts';
import { COMMON_PASSWORD, SAME_PASSWORD } from '../../core/password-policy.ts';

/** A field's problem as an interface string: the boilerplate key and its placeholders' values. */
export interface FieldError {
  key: string;
  values?: Record<string, number>;
}

export type FieldErrors = Partial<Record<string, FieldError>>;

function fieldError(issue: z.core.$ZodIssue, blank: boolean): FieldError {
  // An empty field that may not be empty is missing, not badly formed or too short.
  if (blank) return { key: 'validation.required' };
  switch (issue.code) {
    case 'too_small':
      return Number(issue.minimum) <= 1 ? { key: 'validation.required' } : { key: 'validation.minLength', values: { min: Number(issue.minimum) } };
    case 'too_big':
      return { key: 'validation.maxLength', values: { max: Number(issue.maximum) } };
    case 'invalid_type':
      // A field the form did not send at all.
      return { key: 'validation.required' };
    case 'custom':
      if (issue.params?.reason === COMMON_PASSWORD) return { key: 'validation.commonPassword' };
      if (issue.params?.reason === SAME_PASSWORD) return { key: 'validation.samePassword' };
      return issue.params?.reason === HIDDEN_CHARACTER ? { key: 'validation.characters' } : { key: 'validation.format' };
    case 'invalid_format':
      return issue.format === 'email' ? { key: 'validation.email' } : { key: 'validation.format' };
    default:
      return { key: 'validation.format' };
  }
}

/**
 * The first problem of each field of a form the server checked with the API's own schema, as
 * interface strings in the page's language (the API's messages name fields by their JSON path,
 * which a form's reader does not see). `values` are the fields as typed: an empty one is
 * "required", whatever the schema's own complaint (too short, not an e-mail address).
 */
export function fieldErrors(error: z.ZodError, values: Record<string, unknown> = {}): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    // The last segment: the form's field `gender` is the API's `fields.gender`.
    const field = String(issue.path.at(-1) ?? '');
    const value = values[field];
    errors[field] ??= fieldError(issue, typeof value === 'string' && value.trim() === '');
  }
  return errors;
}
