import { env } from 'cloudflare:workers';
import { accountDeletionRequest } from '../../core/contracts/data-rights.ts';
import { clearSessionCookie } from '../../functions/auth/session-cookie.ts';
import type { Session } from '../../functions/auth/session.ts';
import { languageOf } from '../../functions/messages.ts';
import { deleteOwnAccount } from '../../functions/rights/account-deletion.ts';
import { formText } from './form-text.ts';

export type DeletionPost = { kind: 'deleted'; response: Response } | { kind: 'refused'; message: string | null; status: number };

/**
 * The profile's "delete my account" form posted without scripts: the same contract and rules as
 * `POST /api/auth/user/delete`; once deleted, the session cookie is cleared and the browser sent
 * to a page that says what happened (the profile is gone with the session).
 */
export async function submitAccountDeletion(form: FormData, session: Session, locale: string, url: URL): Promise<DeletionPost> {
  const language = languageOf(locale);
  const parsed = accountDeletionRequest.safeParse({ confirm: formText(form, 'confirm') });
  // An empty (or impossibly long) confirmation is the field's own problem, worded by the page.
  if (!parsed.success) return { kind: 'refused', message: null, status: 400 };
  const result = await deleteOwnAccount(env, session.user, parsed.data.confirm, language, Date.now());
  if (result.kind === 'refused') return { kind: 'refused', message: result.message, status: result.status };
  const headers = new Headers({ location: `/${locale}/account-deleted`, 'cache-control': 'no-store' });
  headers.append('set-cookie', clearSessionCookie(url));
  return { kind: 'deleted', response: new Response(null, { status: 303, headers }) };
}
