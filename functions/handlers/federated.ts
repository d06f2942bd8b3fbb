import { z } from 'zod';
import type { ApiContext } from '../api-context.ts';
import { HttpError } from '../http-error.ts';
import { readJson } from '../read-json.ts';
import { validate } from '../validate.ts';
import { isSafeReturnPath } from '../../src/lib/return-path.ts';

const federatedBody = z.object({
  provider: z.string().regex(/^[a-z0-9-]{1,32}$/),
  token: z.string().min(1).max(8192),
  returnTo: z.string().max(512).default('/').refine(isSafeReturnPath, 'must be a same-origin relative path'),
});

/**
 * Identity providers are configuration; none is configured in this deployment yet, so every
 * provider is refused with a clear 400 before any token is looked at.
 */
export async function federatedLogin(context: ApiContext): Promise<never> {
  const body = validate(federatedBody, await readJson(context), context.language);
  throw new HttpError(400, `Identity provider not configured: ${body.provider}`);
}
