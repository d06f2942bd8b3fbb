import { z } from 'zod';
import type { ApiContext } from '../api-context.ts';
import { BOT_CHECK_REQUIRED, verifyBotCheck } from '../bot-check.ts';
import { createSupportRequest, listSupportRequests, type SupportRequest } from '../data/support.ts';
import { refusal } from '../http-error.ts';
import { message } from '../messages.ts';
import { readJson } from '../read-json.ts';
import { assertSessionSecret } from '../session-secret.ts';
import { validate } from '../validate.ts';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);

export const supportBody = z.object({
  name: z.string().trim().min(2).max(120),
  email: z.string().trim().max(254).pipe(z.email()),
  message: z.string().trim().min(10).max(5000),
  c: optionalText(10),
  e: optionalText(500),
  p: optionalText(500),
  altcha: z.string().min(1).max(8192),
});

/** The support form: anyone may write, after the bot check; the request lands in D1 for the editors. */
export async function postSupportRequest(context: ApiContext): Promise<{ id: number }> {
  const body = validate(supportBody, await readJson(context), context.language);
  const { DB } = context.env;
  if (!(await verifyBotCheck(DB, assertSessionSecret(context.env), body.altcha, context.now))) {
    throw refusal(428, message('botCheckInvalid', context.language), BOT_CHECK_REQUIRED);
  }
  const session = await context.session();
  const id = await createSupportRequest(DB, { ...body, siteId: context.siteId, locale: context.localeCode, userId: session?.user.id ?? null, now: context.now });
  return { id };
}

export async function getSupportRequests(context: ApiContext): Promise<SupportRequest[]> {
  await context.requirePermission('support:read');
  return listSupportRequests(context.env.DB, context.siteId, 50);
}
