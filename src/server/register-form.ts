import { env } from 'cloudflare:workers';
import { registerRequest, registerResendRequest } from '../../core/contracts/registration.ts';
import { register, resendConfirmation, type RegistrationContext } from '../../functions/auth/registration.ts';
import { registrationSettings } from '../../functions/data/auth/registrations.ts';
import { languageOf } from '../../functions/messages.ts';
import { fieldErrors, type FieldErrors } from './form-errors.ts';
import { formText } from './form-text.ts';

/** What the registration (or resend) form shows again after a refused post: never the password. */
export interface RegisterFormState {
  values: { email: string; firstName: string; lastName: string };
  /** The privacy box was ticked (for the notice's current version): ticked again when the form comes back. */
  privacyAccepted?: boolean;
  errors: FieldErrors;
  /** The server's refusal, in the page's language. */
  message: string | null;
  status: number;
  headers: Record<string, string>;
}

export type RegisterPost = { kind: 'requested' } | { kind: 'refused'; state: RegisterFormState };

/** Whether the site lets learners register, and the privacy notice's version the form asks them to accept. */
export async function registrationOpen(): Promise<{ open: boolean; privacyVersion: string }> {
  const settings = await registrationSettings(env.DB, env.SITE_ID);
  return { open: settings?.mode === 'open', privacyVersion: settings?.privacyVersion ?? '' };
}

const contextOf = (request: Request, locale: string): RegistrationContext => ({
  env,
  request,
  siteId: env.SITE_ID,
  localeCode: locale,
  language: languageOf(locale),
  now: Date.now(),
  origin: new URL(request.url).origin,
});

/**
 * The form posted to /{locale}/register, with or without JavaScript: the API's contract (the
 * password policy, names, the address) and rules (functions/auth/registration.ts), then
 * Post/Redirect/Get to the page's "sent" state, the same for every address.
 */
export async function submitRegistration(request: Request, form: FormData, locale: string): Promise<RegisterPost> {
  const values = { email: formText(form, 'email'), firstName: formText(form, 'firstName'), lastName: formText(form, 'lastName') };
  const privacy = formText(form, 'privacy');
  const password = formText(form, 'password');
  const altcha = formText(form, 'altcha');
  const parsed = registerRequest.safeParse({ ...values, password, privacy, altcha: altcha || undefined });
  const refused = (state: Partial<RegisterFormState>): RegisterPost => ({
    kind: 'refused',
    state: { values, privacyAccepted: privacy !== '' && !state.errors?.privacy, errors: {}, message: null, status: 400, headers: {}, ...state },
  });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error, { ...values, password, privacy });
    if (errors.privacy) errors.privacy = { key: 'validation.privacy' };
    return refused({ errors });
  }
  const result = await register(contextOf(request, locale), parsed.data);
  if (result.kind === 'refused') {
    const privacyError = result.privacy ? { privacy: { key: 'validation.privacy' } } : {};
    return refused({ errors: privacyError, message: result.message, status: result.status, headers: result.headers });
  }
  return { kind: 'requested' };
}

/** The "send the link again" form: the same answer for every address (functions/auth/registration.ts). */
export async function submitResend(request: Request, form: FormData, locale: string): Promise<RegisterPost> {
  const values = { email: formText(form, 'email'), firstName: '', lastName: '' };
  const altcha = formText(form, 'altcha');
  const parsed = registerResendRequest.safeParse({ email: values.email, altcha: altcha || undefined });
  const refused = (state: Partial<RegisterFormState>): RegisterPost => ({
    kind: 'refused',
    state: { values, errors: {}, message: null, status: 400, headers: {}, ...state },
  });
  if (!parsed.success) return refused({ errors: fieldErrors(parsed.error, values) });
  const result = await resendConfirmation(contextOf(request, locale), parsed.data);
  if (result.kind === 'refused') return refused({ message: result.message, status: result.status, headers: result.headers });
  return { kind: 'requested' };
}
