import { z } from 'zod';
import { isSafeReturnPath } from '../../core/return-path.ts';
import type { ApiContext } from '../api-context.ts';
import type { User } from '../data/users.ts';
import { signInFederated } from '../federated-sign-in.ts';
import { readJson } from '../read-json.ts';
import { validate } from '../validate.ts';

const federatedBody = z.object({
  provider: z.string().regex(/^[a-z0-9-]{1,32}$/),
  token: z.string().min(1).max(8192),
  returnTo: z.string().max(512).default('/').refine(isSafeReturnPath, 'must be a same-origin relative path'),
});

export async function federatedLogin(context: ApiContext): Promise<{ user: User; redirect: string }> {
  const body = validate(federatedBody, await readJson(context), context.language);
  const { user, cookie } = await signInFederated(context.env, {
    providerId: body.provider,
    token: body.token,
    siteId: context.siteId,
    locale: context.localeCode,
    language: context.language,
    now: context.now,
    url: context.url,
  });
  context.cookies.push(cookie);
  return { user, redirect: body.returnTo };
}
