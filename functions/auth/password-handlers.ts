import type { z } from 'zod';
import type { passwordChangeRequest, passwordForgotRequest, passwordResetRequest } from '../../core/contracts/password.ts';
import type { ApiContext } from '../api-context.ts';
import { HttpError, refusal } from '../http-error.ts';
import { changeOwnPassword } from './password-change.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';

/** "Password dimenticata": the same answer whether or not an account was found (functions/auth/password-reset.ts). */
export async function postPasswordForgot(context: ApiContext, { json: body }: { json: z.output<typeof passwordForgotRequest> }): Promise<{ requested: true }> {
  await context.requireKnownSite();
  const result = await requestPasswordReset({ ...context, origin: context.url.origin }, body);
  if (result.kind === 'refused') throw refusal(result.status, result.message, result.headers);
  return { requested: true };
}

/** A new password through a reset link; every session of the user ends. */
export async function postPasswordReset(context: ApiContext, { json: body }: { json: z.output<typeof passwordResetRequest> }): Promise<{ reset: true }> {
  const result = await resetPassword(context, body);
  if (result.kind === 'refused') throw new HttpError(400, result.message);
  return { reset: true };
}

/** The signed-in user's new password, with the current one; the user's other sessions end. */
export async function putPassword(context: ApiContext, { json: body }: { json: z.output<typeof passwordChangeRequest> }): Promise<{ changed: true }> {
  const session = await context.requireSession();
  const result = await changeOwnPassword(context.env, session, body, context.language, context.now);
  if (result.kind === 'refused') throw new HttpError(result.status, result.message);
  return { changed: true };
}
