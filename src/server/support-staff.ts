import { env } from 'cloudflare:workers';
import { supportQuery, supportReplyBody, type SupportQuery } from '../../core/contracts/support.ts';
import { listSupportRequests } from '../../functions/data/support/requests.ts';
import { HttpError } from '../../functions/http-error.ts';
import { message } from '../../functions/messages.ts';
import { changeRequestStatus, replyToRequest } from '../../functions/support/replies.ts';
import type { StaffPage } from './staff-page.ts';
import { attempt, type StaffPost } from './staff-forms.ts';
import { fieldErrors } from './form-errors.ts';
import { formText } from './form-text.ts';

export const SUPPORT_NOTICES = ['replied', 'closed', 'reopened'] as const;

/** The list's query from the page's address (a GET form): the API's contract, a malformed field left out. */
export function supportListQuery(url: URL): SupportQuery {
  const raw = { status: url.searchParams.get('status') ?? undefined, page: url.searchParams.get('page') ?? undefined };
  const whole = supportQuery.safeParse(raw);
  if (whole.success) return whole.data;
  return supportQuery.parse(Object.fromEntries(Object.entries(raw).filter(([field, value]) => supportQuery.safeParse({ [field]: value }).success)));
}

export function supportListHref(locale: string, query: SupportQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return `/${locale}/staff/support${search ? `?${search}` : ''}`;
}

export async function loadSupportList(staff: StaffPage, url: URL) {
  const query = supportListQuery(url);
  return { query, result: await listSupportRequests(env.DB, staff.actor.siteId, query) };
}

/**
 * A request page's forms, posted without scripts: the reply (e-mailed through the outbox) and
 * closing or reopening, by the same services and checks as the API (functions/support/replies.ts).
 */
export async function submitSupportForm(form: FormData, staff: StaffPage, id: number, origin: string): Promise<StaffPost> {
  const { actor, language } = staff;
  const action = formText(form, 'action');
  const now = Date.now();
  return attempt(action, async () => {
    switch (action) {
      case 'reply': {
        const parsed = supportReplyBody.safeParse({ message: formText(form, 'message'), close: formText(form, 'close') === '1' });
        if (!parsed.success) {
          const problem = fieldErrors(parsed.error, { message: formText(form, 'message') }).message;
          throw new HttpError(400, problem ? staff.page.t(problem.key, problem.values) : staff.page.t('validation.format'));
        }
        await replyToRequest(env, actor, { id, ...parsed.data }, { language, origin, now });
        return 'replied';
      }
      case 'close':
      case 'reopen':
        await changeRequestStatus(env, actor, { id, status: action === 'close' ? 'closed' : 'open' }, { language, now });
        return action === 'close' ? 'closed' : 'reopened';
      default:
        throw new HttpError(400, message('invalidField', language, { field: 'action', detail: action.slice(0, 40) }));
    }
  });
}
