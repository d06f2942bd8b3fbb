import type { z } from 'zod';
import type { accountDeletionRequest } from '../../core/contracts/data-rights.ts';
import type { ApiContext } from '../api-context.ts';
import { clearSessionCookie } from '../auth/session-cookie.ts';
import { refusal } from '../http-error.ts';
import { deleteOwnAccount } from './account-deletion.ts';
import { myDataOf } from './my-data.ts';

/** GET /api/auth/user/data: the signed-in person's data as a JSON file to keep. */
export async function getMyData(context: ApiContext): Promise<Response> {
  const { user } = await context.requireSession();
  const data = await myDataOf(context.env, user, context.localeCode, context.language, context.now);
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="my-data-${data.exportedAt.slice(0, 10)}.json"`,
      'cache-control': 'private, no-store',
    },
  });
}

/** POST /api/auth/user/delete: the account goes, with every session; the cookie is cleared. */
export async function postAccountDeletion(context: ApiContext, { json: body }: { json: z.output<typeof accountDeletionRequest> }): Promise<{ deleted: true }> {
  const { user } = await context.requireSession();
  const result = await deleteOwnAccount(context.env, user, body.confirm, context.language, context.now);
  if (result.kind === 'refused') throw refusal(result.status, result.message);
  context.cookies.length = 0;
  context.cookies.push(clearSessionCookie(context.url));
  return { deleted: true };
}
