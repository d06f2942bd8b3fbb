import { env } from 'cloudflare:workers';
import { BOT_CHECK_REQUIRED, verifyBotCheck } from '../../functions/auth/bot-check.ts';
import { createSupportRequest } from '../../functions/data/support/requests.ts';
import { uncheckedSender } from '../../functions/support/unchecked-sender.ts';
import { UNCHECKED_SUPPORT_PER_HOUR, UNCHECKED_SUPPORT_WINDOW_MS } from '../../core/support-allowance.ts';
import { supportRequestBody } from '../../core/contracts/support.ts';
import { languageOf } from '../../functions/messages.ts';
import { authMessage } from '../../functions/auth/messages.ts';
import { assertSessionSecret } from '../../functions/auth/session-secret.ts';
import { fieldErrors, type FieldErrors } from './form-errors.ts';
import { formText } from './form-text.ts';

export interface SupportFormValues {
  name: string;
  email: string;
  message: string;
  /** The error screen's reference: status, message, path, request id. */
  c: string;
  e: string;
  p: string;
  r: string;
}

/** What the support form shows again after a refused post. */
export interface SupportFormState {
  values: SupportFormValues;
  errors: FieldErrors;
  /** The server's refusal, in the page's language (or a boilerplate key's text, set by the page). */
  message: string | null;
  /** The post came without a solved bot check: without JavaScript it cannot be solved. */
  botCheckMissing: boolean;
  status: number;
  headers: Record<string, string>;
}

/**
 * The error screen's reference (status, message, path, request id; core/contracts/support.ts), as
 * its link or the form's hidden fields carry it, cut to the fields' lengths.
 */
function referenceValues(get: (name: string) => string): Pick<SupportFormValues, 'c' | 'e' | 'p' | 'r'> {
  return { c: get('c').slice(0, 10), e: get('e').slice(0, 500), p: get('p').slice(0, 500), r: get('r').slice(0, 64) };
}

/** The support page's form as a visitor opens it: empty, with the reference the error screen's link brought, if any. */
export function supportFormFromLink(params: URLSearchParams): SupportFormState {
  const values = { name: '', email: '', message: '', ...referenceValues((name) => params.get(name)?.trim() ?? '') };
  return { values, errors: {}, message: null, botCheckMissing: false, status: 200, headers: {} };
}

export type SupportPost = { kind: 'sent'; id: number } | { kind: 'refused'; state: SupportFormState };

/**
 * The support form posted to its on-demand route: the API's schema and bot check, the same
 * stored request and audit event, then Post/Redirect/Get to the "sent" page. Without JavaScript
 * the check cannot run: such a request is accepted a few times per address and hour
 * (core/support-allowance.ts), then the check is asked for.
 */
export async function submitSupportRequest(request: Request, form: FormData, locale: string, userId: string | null): Promise<SupportPost> {
  const values: SupportFormValues = {
    name: formText(form, 'name'),
    email: formText(form, 'email'),
    message: formText(form, 'message'),
    ...referenceValues((name) => formText(form, name)),
  };
  const refused = (state: Partial<SupportFormState>): SupportPost => ({
    kind: 'refused',
    state: { values, errors: {}, message: null, botCheckMissing: false, status: 400, headers: {}, ...state },
  });
  const parsed = supportRequestBody.safeParse({ ...values, altcha: formText(form, 'altcha') });
  if (!parsed.success) {
    const { altcha, ...errors } = fieldErrors(parsed.error, { ...values });
    if (Object.keys(errors).length > 0) return refused({ errors, botCheckMissing: altcha !== undefined });
    const unchecked = supportRequestBody.omit({ altcha: true }).safeParse(values);
    const sender = await uncheckedSender(request, assertSessionSecret(env));
    const now = Date.now();
    if (unchecked.success) {
      const allowance = { from: sender, since: now - UNCHECKED_SUPPORT_WINDOW_MS, allowance: UNCHECKED_SUPPORT_PER_HOUR };
      const id = await createSupportRequest(env.DB, { ...unchecked.data, siteId: env.SITE_ID, locale, userId, now, unchecked: allowance });
      if (id > 0) return { kind: 'sent', id };
    }
    return refused({ botCheckMissing: true, status: 428, headers: BOT_CHECK_REQUIRED });
  }
  const now = Date.now();
  if (!(await verifyBotCheck(env.DB, assertSessionSecret(env), parsed.data.altcha, now))) {
    return refused({ message: authMessage('botCheckInvalid', languageOf(locale)), status: 428, headers: BOT_CHECK_REQUIRED });
  }
  const id = await createSupportRequest(env.DB, { ...parsed.data, siteId: env.SITE_ID, locale, userId, now });
  return { kind: 'sent', id };
}
