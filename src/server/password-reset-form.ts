import { env } from 'cloudflare:workers';
import { passwordResetRequest, resetToken } from '../../core/contracts/password.ts';
import { checkResetLink, resetPassword, resetRefusalMessage } from '../../functions/auth/password-reset.ts';
import { languageOf } from '../../functions/messages.ts';
import { fieldErrors, type FieldErrors } from './form-errors.ts';

/** What the reset page shows: the form (with a refused post's messages), or why the link cannot be used. */
export interface ResetFormState {
  token: string;
  errors: FieldErrors;
  /** The link cannot be used (unknown, expired, used or voided): the page says why and offers a new one. */
  linkProblem: string | null;
  status: number;
}

export type ResetPost = { kind: 'reset' } | { kind: 'refused'; state: ResetFormState };

const text = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** The page opened from the e-mail's link: whether the link can still be used, before any password is typed. */
export async function openResetLink(token: string, locale: string): Promise<ResetFormState> {
  const problem = resetToken.safeParse(token).success ? await checkResetLink(env, env.SITE_ID, token, Date.now()) : 'unknown';
  return { token, errors: {}, linkProblem: problem && resetRefusalMessage(problem, languageOf(locale)), status: problem ? 400 : 200 };
}

/**
 * The reset form posted without scripts: the API's contract (the password policy) and rules
 * (functions/auth/password-reset.ts), the two passwords equal; then Post/Redirect/Get to sign-in.
 */
export async function submitPasswordReset(form: FormData, locale: string): Promise<ResetPost> {
  const token = text(form, 't');
  const password = text(form, 'password');
  const language = languageOf(locale);
  const refused = (state: Partial<ResetFormState>): ResetPost => ({ kind: 'refused', state: { token, errors: {}, linkProblem: null, status: 400, ...state } });
  if (!resetToken.safeParse(token).success) return refused({ linkProblem: resetRefusalMessage('unknown', language) });
  const parsed = passwordResetRequest.safeParse({ token, password });
  const errors: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error, { password });
  if (!errors.password && text(form, 'confirm') !== password) errors.confirm = { key: 'validation.passwordMismatch' };
  if (!parsed.success || errors.confirm) return refused({ errors });
  const result = await resetPassword({ env, siteId: env.SITE_ID, language, now: Date.now() }, parsed.data);
  if (result.kind === 'refused') return refused({ linkProblem: result.message });
  return { kind: 'reset' };
}
