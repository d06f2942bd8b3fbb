import { env } from 'cloudflare:workers';
import { confirmationToken } from '../../core/contracts/registration.ts';
import { checkConfirmationLink, confirm, confirmRefusalMessage } from '../../functions/auth/registration.ts';
import { languageOf } from '../../functions/messages.ts';
import { formText } from './form-text.ts';

/** What the confirmation page shows: its button, or why the link cannot be used. */
export interface ConfirmFormState {
  token: string;
  /** The link cannot be used (unknown, expired, used or voided): the page says why. */
  linkProblem: string | null;
  /** Used already: the account is active, the page offers sign-in rather than a new link. */
  used: boolean;
  status: number;
}

export type ConfirmPost = { kind: 'confirmed'; userId: string } | { kind: 'refused'; state: ConfirmFormState };

/** The page opened from the e-mail's link: whether the link can still be used; opening it spends nothing (mail scanners open links too). */
export async function openConfirmationLink(token: string, locale: string): Promise<ConfirmFormState> {
  const problem = confirmationToken.safeParse(token).success ? await checkConfirmationLink(env, env.SITE_ID, token, Date.now()) : 'unknown';
  return { token, linkProblem: problem && confirmRefusalMessage(problem, languageOf(locale)), used: problem === 'used', status: problem ? 400 : 200 };
}

/** The page's button posted, with or without JavaScript: the link is used (functions/auth/registration.ts). */
export async function submitConfirmation(form: FormData, locale: string): Promise<ConfirmPost> {
  const token = formText(form, 't');
  const language = languageOf(locale);
  if (!confirmationToken.safeParse(token).success)
    return { kind: 'refused', state: { token, linkProblem: confirmRefusalMessage('unknown', language), used: false, status: 400 } };
  const result = await confirm({ env, siteId: env.SITE_ID, language, now: Date.now() }, token);
  if (result.kind === 'refused') return { kind: 'refused', state: { token, linkProblem: result.message, used: result.reason === 'used', status: 400 } };
  return { kind: 'confirmed', userId: result.userId };
}
