import { env } from 'cloudflare:workers';
import { signInWithPassword } from '../../functions/auth/sign-in.ts';
import { loginRequest } from '../../core/contracts/user.ts';
import { languageOf } from '../../functions/messages.ts';
import { fieldErrors, type FieldErrors } from './form-errors.ts';
import { formText } from './form-text.ts';

/** What the sign-in page shows again after a refused post: never the password. */
export interface SignInFormState {
  code: string;
  errors: FieldErrors;
  /** The server's refusal, in the page's language. */
  message: string | null;
  /** The next attempt needs the bot check, which needs JavaScript. */
  botCheck: boolean;
  /** The account awaits its e-mail's confirmation: the page offers a new link. */
  unconfirmed?: boolean;
  status: number;
  headers: Record<string, string>;
}

export type SignInPost = { kind: 'signed-in'; location: string; cookies: string[] } | { kind: 'refused'; state: SignInFormState };

/**
 * The sign-in form posted without scripts (or before they ran): the API's own checks and rules
 * (functions/auth/sign-in.ts), then Post/Redirect/Get to the safe returnTo or the profile.
 */
export async function submitSignIn(request: Request, form: FormData, locale: string, returnTo: string | null): Promise<SignInPost> {
  const code = formText(form, 'cu');
  const altcha = formText(form, 'altcha');
  const parsed = loginRequest.safeParse({
    cu: code,
    cp: formText(form, 'cp'),
    ua: request.headers.get('user-agent')?.slice(0, 512),
    altcha: altcha || undefined,
  });
  if (!parsed.success) return { kind: 'refused', state: { code, errors: fieldErrors(parsed.error), message: null, botCheck: false, status: 400, headers: {} } };
  const result = await signInWithPassword({ env, request, siteId: env.SITE_ID, language: languageOf(locale), now: Date.now() }, parsed.data);
  if (result.kind === 'refused') {
    const { message, botCheck, status, headers, unconfirmed } = result;
    return { kind: 'refused', state: { code, errors: {}, message, botCheck, unconfirmed, status, headers } };
  }
  return { kind: 'signed-in', location: returnTo ?? `/${result.user.locale || 'it-IT'}/profile`, cookies: result.cookies };
}
