import { env } from 'cloudflare:workers';
import { passwordForgotRequest } from '../../core/contracts/password.ts';
import { requestPasswordReset } from '../../functions/auth/password-reset.ts';
import { languageOf } from '../../functions/messages.ts';
import { fieldErrors, type FieldErrors } from './form-errors.ts';
import { formText } from './form-text.ts';

/** What the "Password dimenticata" form shows again after a refused post. */
export interface ForgotFormState {
  identifier: string;
  errors: FieldErrors;
  /** The server's refusal, in the page's language. */
  message: string | null;
  status: number;
  headers: Record<string, string>;
}

export type ForgotPost = { kind: 'requested' } | { kind: 'refused'; state: ForgotFormState };

/**
 * The form posted to /{locale}/password/forgot, with or without JavaScript: the API's contract
 * and rules (functions/auth/password-reset.ts: the address counted, the same answer whatever the
 * account), then Post/Redirect/Get to the page's "sent" state. Without JavaScript there is no
 * solved bot check: a few such requests per address and hour are accepted.
 */
export async function submitPasswordForgot(request: Request, form: FormData, locale: string): Promise<ForgotPost> {
  const identifier = formText(form, 'identifier');
  const altcha = formText(form, 'altcha');
  const parsed = passwordForgotRequest.safeParse({ identifier, altcha: altcha || undefined });
  if (!parsed.success) {
    return { kind: 'refused', state: { identifier, errors: fieldErrors(parsed.error, { identifier }), message: null, status: 400, headers: {} } };
  }
  const context = { env, request, siteId: env.SITE_ID, language: languageOf(locale), now: Date.now(), origin: new URL(request.url).origin };
  const result = await requestPasswordReset(context, parsed.data);
  if (result.kind === 'refused')
    return { kind: 'refused', state: { identifier, errors: {}, message: result.message, status: result.status, headers: result.headers } };
  return { kind: 'requested' };
}
