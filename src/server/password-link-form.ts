import { env } from 'cloudflare:workers';
import type { z } from 'zod';
import { invitationAcceptRequest, passwordResetRequest, resetToken } from '../../core/contracts/password.ts';
import { checkResetLink, resetPassword, resetRefusalMessage } from '../../functions/auth/password-reset.ts';
import type { Env } from '../../functions/env.ts';
import { languageOf, type Language } from '../../functions/messages.ts';
import { acceptInvitationLink, checkInvitationLink, invitationRefusalMessage } from '../../functions/people/invitations.ts';
import { fieldErrors, type FieldErrors } from './form-errors.ts';
import { formText } from './form-text.ts';

/** What a page that sets a password through an e-mailed link shows: the form (with a refused post's messages), or why the link cannot be used. */
export interface PasswordLinkFormState {
  token: string;
  errors: FieldErrors;
  /** The link cannot be used (unknown, expired, used or voided): the page says why. */
  linkProblem: string | null;
  status: number;
}

export type PasswordLinkPost =
  | {
      kind: 'set';
      /** The account whose password was set: the sign-in page starts with its address. */ userId: string;
    }
  | { kind: 'refused'; state: PasswordLinkFormState };

type LinkRefusal = 'unknown' | 'expired' | 'used';

/** One kind of such link: its API contract and rules, which check it, word its refusals and use it. */
interface PasswordLink {
  request: z.ZodType<{ token: string; password: string }>;
  check(env: Env, siteId: string, token: string, now: number): Promise<LinkRefusal | null>;
  refusalMessage(reason: LinkRefusal, language: Language): string;
  use(
    context: { env: Env; siteId: string; language: Language; now: number },
    body: { token: string; password: string },
  ): Promise<{ kind: 'refused'; message: string } | { kind: 'reset' | 'accepted'; userId: string }>;
}

/** A forgotten password's reset link (functions/auth/password-reset.ts). */
export const resetLink: PasswordLink = { request: passwordResetRequest, check: checkResetLink, refusalMessage: resetRefusalMessage, use: resetPassword };

/** An invitation's link: the invited person chooses a password and the account becomes active (functions/people/invitations.ts). */
export const invitationLink: PasswordLink = {
  request: invitationAcceptRequest,
  check: checkInvitationLink,
  refusalMessage: invitationRefusalMessage,
  use: acceptInvitationLink,
};

/** The page opened from the e-mail's link: whether the link can still be used, before any password is typed (opening it spends nothing). */
export async function openPasswordLink(link: PasswordLink, token: string, locale: string): Promise<PasswordLinkFormState> {
  const problem = resetToken.safeParse(token).success ? await link.check(env, env.SITE_ID, token, Date.now()) : 'unknown';
  return { token, errors: {}, linkProblem: problem && link.refusalMessage(problem, languageOf(locale)), status: problem ? 400 : 200 };
}

/**
 * The form posted without scripts: the API's contract (the password policy) and rules, the two
 * passwords equal; then the link is used and the page sends the person to sign-in.
 */
export async function submitPasswordLink(link: PasswordLink, form: FormData, locale: string): Promise<PasswordLinkPost> {
  const token = formText(form, 't');
  const password = formText(form, 'password');
  const language = languageOf(locale);
  const refused = (state: Partial<PasswordLinkFormState>): PasswordLinkPost => ({
    kind: 'refused',
    state: { token, errors: {}, linkProblem: null, status: 400, ...state },
  });
  if (!resetToken.safeParse(token).success) return refused({ linkProblem: link.refusalMessage('unknown', language) });
  const parsed = link.request.safeParse({ token, password });
  const errors: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error, { password });
  if (!errors.password && formText(form, 'confirm') !== password) errors.confirm = { key: 'validation.passwordMismatch' };
  if (!parsed.success || errors.confirm) return refused({ errors });
  const result = await link.use({ env, siteId: env.SITE_ID, language, now: Date.now() }, parsed.data);
  if (result.kind === 'refused') return refused({ linkProblem: result.message });
  return { kind: 'set', userId: result.userId };
}
