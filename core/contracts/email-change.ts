import { z } from 'zod';
import { confirmationToken } from './registration.ts';

/** `POST /api/auth/email/confirm`: the token of the link sent to a new address makes it the account's. */
export const emailConfirmRequest = z.object({ token: confirmationToken });
/** The account's address now. */
export const emailConfirmOutcome = z.object({ email: z.string() });
