import { env } from 'cloudflare:workers';
import { confirmationToken } from '../../core/contracts/registration.ts';
import { checkEmailChangeLink, confirmEmail, emailChangeRefusalMessage } from '../../functions/auth/email-change.ts';
import { languageOf } from '../../functions/messages.ts';
import { formText } from './form-text.ts';

/** What the new address's page shows: its button with the address it sets, what happened, or why the link cannot be used. */
export type EmailConfirmState =
  | { kind: 'ask'; token: string; email: string; status: 200 }
  | { kind: 'changed'; email: string; status: 200 }
  /** An invited account's address proved: on to choosing its password. */
  | { kind: 'invited'; path: string }
  | { kind: 'refused'; problem: string; status: 400 | 409 };

/** The page opened from the e-mail's link: whether it can be followed; opening it spends nothing (mail scanners open links too). */
export async function openEmailChangeLink(token: string, locale: string): Promise<EmailConfirmState> {
  const found = confirmationToken.safeParse(token).success ? await checkEmailChangeLink(env, env.SITE_ID, token, Date.now()) : { refusal: 'unknown' as const };
  if ('refusal' in found) return { kind: 'refused', problem: emailChangeRefusalMessage(found.refusal, languageOf(locale)), status: 400 };
  return { kind: 'ask', token, email: found.email, status: 200 };
}

/** The page's button posted, with or without JavaScript: the link is followed (functions/auth/email-change.ts). */
export async function submitEmailChange(form: FormData, locale: string, origin: string): Promise<EmailConfirmState> {
  const token = formText(form, 't');
  const language = languageOf(locale);
  if (!confirmationToken.safeParse(token).success) return { kind: 'refused', problem: emailChangeRefusalMessage('unknown', language), status: 400 };
  const result = await confirmEmail({ env, siteId: env.SITE_ID, language, now: Date.now(), origin }, token);
  if (result.kind === 'refused') return { kind: 'refused', problem: result.message, status: result.reason === 'taken' ? 409 : 400 };
  if (result.invitationPath) return { kind: 'invited', path: result.invitationPath };
  return { kind: 'changed', email: result.email, status: 200 };
}
