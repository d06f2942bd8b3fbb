import type { z } from 'zod';
import type { registerConfirmRequest, registerRequest, registerResendRequest } from '../../core/contracts/registration.ts';
import type { ApiContext } from '../api-context.ts';
import { HttpError, refusal } from '../http-error.ts';
import { confirm, register, resendConfirmation, type RegistrationResult } from './registration.ts';

const answer = (result: RegistrationResult): { requested: true } => {
  if (result.kind === 'refused') throw refusal(result.status, result.message, result.headers);
  return { requested: true };
};

/** A learner registers; the same answer whether or not the address had an account (functions/auth/registration.ts). */
export async function postRegister(context: ApiContext, { json: body }: { json: z.output<typeof registerRequest> }): Promise<{ requested: true }> {
  await context.requireKnownSite();
  return answer(await register({ ...context, origin: context.url.origin }, body));
}

/** A further confirmation link for a pending account; the same answer for any address. */
export async function postRegisterResend(context: ApiContext, { json: body }: { json: z.output<typeof registerResendRequest> }): Promise<{ requested: true }> {
  await context.requireKnownSite();
  return answer(await resendConfirmation({ ...context, origin: context.url.origin }, body));
}

/** The confirmation link activates the account. */
export async function postRegisterConfirm(
  context: ApiContext,
  { json: body }: { json: z.output<typeof registerConfirmRequest> },
): Promise<{ confirmed: true }> {
  const result = await confirm(context, body.token);
  if (result.kind === 'refused') throw new HttpError(400, result.message);
  return { confirmed: true };
}
