import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, NAME_MAX_LENGTH } from '../user-fields.ts';
import { plainText } from './common.ts';
import { newPassword } from './password.ts';

const personName = z.string().trim().min(1).max(NAME_MAX_LENGTH).superRefine(plainText());
/** An address as typed, compared and stored lowercased: it is also the account's user code. */
const emailAddress = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email({ pattern: EMAIL_PATTERN }))
  .transform((value) => value.toLowerCase());
/** The solved bot check; it may be left out a few times per address and hour (a form posted without JavaScript). */
const altcha = z.string().min(1).max(8192).optional();

/**
 * `POST /api/auth/register`: a learner registers; `privacy` is the version of the privacy notice
 * the form showed and the learner accepted (it must be the site's current one).
 */
export const registerRequest = z.object({
  email: emailAddress,
  password: newPassword,
  firstName: personName,
  lastName: personName,
  privacy: z.string().trim().min(1).max(32),
  altcha,
});
export type RegisterRequest = z.input<typeof registerRequest>;

/** The same answer whether the address was new, pending or already an account's. */
export const registerOutcome = z.object({ requested: z.literal(true) });

/** A confirmation link's token as the e-mail carries it (functions/shared/token.ts). */
export const confirmationToken = z.string().regex(/^[A-Za-z0-9_-]{20,128}$/);

/** `POST /api/auth/register/confirm`: the link's token activates the account. */
export const registerConfirmRequest = z.object({ token: confirmationToken });
export const registerConfirmOutcome = z.object({ confirmed: z.literal(true) });

/** `POST /api/auth/register/resend`: a new confirmation link for a pending account; the same answer for any address. */
export const registerResendRequest = z.object({ email: emailAddress, altcha });
