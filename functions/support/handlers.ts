import type { z } from 'zod';
import type { supportRequestBody } from '../../core/contracts/support.ts';
import type { ApiContext } from '../api-context.ts';
import { BOT_CHECK_REQUIRED, verifyBotCheck } from '../auth/bot-check.ts';
import type { SupportPage, SupportRequest, supportParams, supportQuery, supportReplyBody, supportStatusBody } from '../../core/contracts/support.ts';
import { createSupportRequest, listSupportRequests } from '../data/support/requests.ts';
import { refusal } from '../http-error.ts';
import { authMessage } from '../auth/messages.ts';
import { assertSessionSecret } from '../auth/session-secret.ts';
import { changeRequestStatus, replyToRequest } from './replies.ts';

/** The support form: anyone may write, after the bot check; the request lands in D1 for the editors. */
export async function postSupportRequest(context: ApiContext, { json: body }: { json: z.output<typeof supportRequestBody> }): Promise<{ id: number }> {
  const { DB } = context.env;
  if (!(await verifyBotCheck(DB, assertSessionSecret(context.env), body.altcha, context.now))) {
    throw refusal(428, authMessage('botCheckInvalid', context.language), BOT_CHECK_REQUIRED);
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

/** The requests for staff (support:read), a page at a time, all or of one status. */
export async function getSupportRequests(context: ApiContext, { query }: { query: z.output<typeof supportQuery> }): Promise<SupportPage> {
  return listSupportRequests(context.env.DB, context.siteId, query);
}

export async function postSupportReply(
  context: ApiContext,
  { param, json: body }: { param: z.output<typeof supportParams>; json: z.output<typeof supportReplyBody> },
): Promise<SupportRequest> {
  const { user } = await context.requireSession();
  return replyToRequest(
    context.env,
    { id: user.id, siteId: context.siteId },
    { id: param.id, message: body.message, close: body.close },
    { language: context.language, origin: context.url.origin, now: context.now },
  );
}

export async function putSupportStatus(
  context: ApiContext,
  { param, json: body }: { param: z.output<typeof supportParams>; json: z.output<typeof supportStatusBody> },
): Promise<SupportRequest> {
  const { user } = await context.requireSession();
  return changeRequestStatus(
    context.env,
    { id: user.id, siteId: context.siteId },
    { id: param.id, status: body.status },
    { language: context.language, now: context.now },
  );
}
