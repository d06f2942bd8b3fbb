import type { z } from 'zod';
import type { federatedLoginRequest } from '../../core/contracts/user.ts';
import type { ApiContext } from '../api-context.ts';
import type { ApiUser } from '../data/auth/users.ts';
import { signInFederated } from './federated-sign-in.ts';

export async function federatedLogin(
  context: ApiContext,
  { json: body }: { json: z.output<typeof federatedLoginRequest> },
): Promise<{ user: ApiUser; redirect: string }> {
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
