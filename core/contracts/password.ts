import { z } from 'zod';
import { COMMON_PASSWORD, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem, SAME_PASSWORD } from '../password-policy.ts';
import { plainText } from './common.ts';

/**
 * A new password under the policy (core/password-policy.ts), lengths counted in characters. A
 * common one is a custom issue with `params.reason` COMMON_PASSWORD, which the API and the forms
 * word in the reader's language.
 */
export const newPassword = z.string().superRefine((value, context) => {
  const problem = passwordProblem(value);
  if (problem === 'minLength') context.addIssue({ code: 'too_small', origin: 'string', minimum: PASSWORD_MIN_LENGTH, inclusive: true, input: value });
  else if (problem === 'maxLength') context.addIssue({ code: 'too_big', origin: 'string', maximum: PASSWORD_MAX_LENGTH, inclusive: true, input: value });
  else if (problem === 'common') context.addIssue({ code: 'custom', input: value, params: { reason: COMMON_PASSWORD } });
});

/** A reset link's token as the e-mail carries it (functions/shared/token.ts: 32 bytes, base64url). */
export const resetToken = z.string().regex(/^[A-Za-z0-9_-]{20,128}$/);

/**
 * `POST /api/auth/password/forgot`: a user code or e-mail address. The bot check may be left out
 * a few times per address and hour (a form posted without JavaScript); past that it is needed.
 */
export const passwordForgotRequest = z.object({
  identifier: z.string().trim().min(1).max(254).superRefine(plainText()),
  altcha: z.string().min(1).max(8192).optional(),
});
export type PasswordForgotRequest = z.input<typeof passwordForgotRequest>;

/** The same answer whether or not the identifier names an account. */
export const passwordForgotOutcome = z.object({ requested: z.literal(true) });

/** `POST /api/auth/password/reset`: the link's token and the new password. */
export const passwordResetRequest = z.object({ token: resetToken, password: newPassword });

export const passwordResetOutcome = z.object({ reset: z.literal(true) });

/**
 * `PUT /api/auth/password`: the signed-in user's current password and the new one, which must
 * differ (a custom issue on `password` with `params.reason` SAME_PASSWORD): the same password
 * again would be no change, yet end the user's other sessions.
 */
export const passwordChangeRequest = z.object({ current: z.string().min(1).max(PASSWORD_MAX_LENGTH), password: newPassword }).superRefine((value, context) => {
  if (value.password === value.current) context.addIssue({ code: 'custom', path: ['password'], input: value.password, params: { reason: SAME_PASSWORD } });
});

/** Changed; the user's other sessions ended, this one goes on. */
export const passwordChangeOutcome = z.object({ changed: z.literal(true) });

/** `POST /api/auth/invitation`: the invitation link's token and the password the invited person chooses. */
export const invitationAcceptRequest = z.object({ token: resetToken, password: newPassword });

export const invitationAcceptOutcome = z.object({ accepted: z.literal(true) });
