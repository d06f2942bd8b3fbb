import type { z } from 'zod';
import type { supportRequestBody } from '../../core/contracts/support.ts';
import type { ApiContext } from '../api-context.ts';
import { BOT_CHECK_REQUIRED, verifyBotCheck } from '../auth/bot-check.ts';
import { createSupportRequest, listSupportRequests, type SupportRequest } from '../data/support/requests.ts';
import { refusal } from '../http-error.ts';
import { message } from '../messages.ts';
import { assertSessionSecret } from '../auth/session-secret.ts';

/** The support form: anyone may write, after the bot check; the request lands in D1 for the editors. */
export async function postSupportRequest(context: ApiContext, { json: body }: { json: z.output<typeof supportRequestBody> }): Promise<{ id: number }> {
  const { DB } = context.env;
  if (!(await verifyBotCheck(DB, assertSessionSecret(context.env), body.altcha, context.now))) {
    throw refusal(428, message('botCheckInvalid', context.language), BOT_CHECK_REQUIRED);
  }
  const session = await context.session();
  const id = await createSupportRequest(DB, {
    ...body,
    siteId: context.siteId,
    locale: context.localeCode,
    userId: session?.user.id ?? null,
    now: context.now,
  });
  return { id };
}

export async function getSupportRequests(context: ApiContext): Promise<SupportRequest[]> {
  return listSupportRequests(context.env.DB, context.siteId, 50);
}
