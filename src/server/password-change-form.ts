import { env } from 'cloudflare:workers';
import { passwordChangeRequest } from '../../core/contracts/password.ts';
import { changeOwnPassword } from '../../functions/auth/password-change.ts';
import type { Session } from '../../functions/auth/session.ts';
import { languageOf } from '../../functions/messages.ts';
import { fieldErrors, type FieldErrors } from './form-errors.ts';
import { formText } from './form-text.ts';

/** What the profile's password form shows again after a refused post: never the passwords. */
export interface ChangeFormState {
  errors: FieldErrors;
  /** The server's refusal, in the page's language. */
  message: string | null;
  /** The field that refusal is about (a wrong current password). */
  field: 'current' | null;
  status: number;
}

export type ChangePost = { kind: 'changed' } | { kind: 'refused'; state: ChangeFormState };

/**
 * The profile's password form posted without scripts: the same contract and rules as
 * `PUT /api/auth/password` (functions/auth/password-change.ts), the two new passwords equal.
 */
export async function submitPasswordChange(form: FormData, session: Session, locale: string): Promise<ChangePost> {
  const current = formText(form, 'current');
  const password = formText(form, 'password');
  const parsed = passwordChangeRequest.safeParse({ current, password });
  const errors: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error, { current, password });
  if (!errors.password && formText(form, 'confirm') !== password) errors.confirm = { key: 'validation.passwordMismatch' };
  if (!parsed.success || errors.confirm) return { kind: 'refused', state: { errors, message: null, field: null, status: 400 } };
  const result = await changeOwnPassword(env, session, parsed.data, languageOf(locale), Date.now());
  if (result.kind === 'refused') return { kind: 'refused', state: { errors: {}, message: result.message, field: result.field, status: result.status } };
  return { kind: 'changed' };
}
