import { env } from 'cloudflare:workers';
import { invitationAcceptRequest, resetToken } from '../../core/contracts/password.ts';
import { languageOf } from '../../functions/messages.ts';
import { acceptInvitationLink, checkInvitationLink, invitationRefusalMessage } from '../../functions/people/invitations.ts';
import { fieldErrors, type FieldErrors } from './form-errors.ts';

/** What the invitation page shows: the password form (with a refused post's messages), or why the link cannot be used. */
export interface InvitationFormState {
  token: string;
  errors: FieldErrors;
  linkProblem: string | null;
  status: number;
}

export type InvitationPost = { kind: 'accepted' } | { kind: 'refused'; state: InvitationFormState };

const text = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** The page opened from the invitation e-mail: whether the link can still be used, before any password is typed (opening it spends nothing). */
export async function openInvitationLink(token: string, locale: string): Promise<InvitationFormState> {
  const problem = resetToken.safeParse(token).success ? await checkInvitationLink(env, env.SITE_ID, token, Date.now()) : 'unknown';
  return { token, errors: {}, linkProblem: problem && invitationRefusalMessage(problem, languageOf(locale)), status: problem ? 400 : 200 };
}

/** The invitation form posted without scripts: the password policy, the two passwords equal, then the link spent and the account active. */
export async function submitInvitation(form: FormData, locale: string): Promise<InvitationPost> {
  const token = text(form, 't');
  const password = text(form, 'password');
  const language = languageOf(locale);
  const refused = (state: Partial<InvitationFormState>): InvitationPost => ({
    kind: 'refused',
    state: { token, errors: {}, linkProblem: null, status: 400, ...state },
  });
  if (!resetToken.safeParse(token).success) return refused({ linkProblem: invitationRefusalMessage('unknown', language) });
  const parsed = invitationAcceptRequest.safeParse({ token, password });
  const errors: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error, { password });
  if (!errors.password && text(form, 'confirm') !== password) errors.confirm = { key: 'validation.passwordMismatch' };
  if (!parsed.success || errors.confirm) return refused({ errors });
  const result = await acceptInvitationLink({ env, siteId: env.SITE_ID, language, now: Date.now() }, parsed.data);
  if (result.kind === 'refused') return refused({ linkProblem: result.message });
  return { kind: 'accepted' };
}
