import type { SupportRequest, SupportStatus } from '../../core/contracts/support.ts';
import { findSupportRequest, replyToSupportRequest, setSupportStatus } from '../data/support/requests.ts';
import { kickOutbox, outboxStatement } from '../email/outbox.ts';
import type { Env } from '../env.ts';
import { HttpError } from '../http-error.ts';
import type { Language } from '../messages.ts';
import { supportMessage } from './messages.ts';

/** Who answers: a staff member with `support:read`, on their site. */
export interface SupportActor {
  id: string;
  siteId: string;
}

async function requestOf(env: Env, actor: SupportActor, id: number, language: Language): Promise<SupportRequest> {
  const found = await findSupportRequest(env.DB, actor.siteId, id);
  if (!found) throw new HttpError(404, supportMessage('supportRequestNotFound', language, { id }));
  return found;
}

/**
 * Staff's reply to a request, for the API and the staff page: stored with the request and e-mailed
 * to its sender in the language they wrote in (through the outbox, in the same batch), the request
 * then answered, or closed when `close`. A closed request takes no reply (409): reopen it first.
 */
export async function replyToRequest(
  env: Env,
  actor: SupportActor,
  input: { id: number; message: string; close: boolean },
  context: { language: Language; origin: string; now: number },
): Promise<SupportRequest> {
  const request = await requestOf(env, actor, input.id, context.language);
  const closed = () => new HttpError(409, supportMessage('supportRequestClosed', context.language, { id: input.id }));
  if (request.status === 'closed') throw closed();
  const mail = await outboxStatement(
    env,
    {
      siteId: actor.siteId,
      to: request.email,
      locale: request.locale,
      template: 'support-reply',
      values: { name: request.name, id: request.id, message: request.message, reply: input.message, path: `/${request.locale}/assistenza` },
      origin: context.origin,
    },
    { now: context.now, onlyIfPreviousChanged: true },
  );
  const written = await replyToSupportRequest(
    env.DB,
    { siteId: actor.siteId, requestId: input.id, userId: actor.id, message: input.message, close: input.close, now: context.now },
    mail,
  );
  // Closed by someone else between the read and the batch: nothing was written or sent.
  if (!written) throw closed();
  await kickOutbox(env);
  return requestOf(env, actor, input.id, context.language);
}

/** Closes a request or opens it again; "answered" comes only from a reply (400), an unchanged status is 409. */
export async function changeRequestStatus(
  env: Env,
  actor: SupportActor,
  input: { id: number; status: SupportStatus },
  context: { language: Language; now: number },
): Promise<SupportRequest> {
  if (input.status === 'answered') throw new HttpError(400, supportMessage('supportStatusAnswered', context.language));
  await requestOf(env, actor, input.id, context.language);
  const close = input.status === 'closed';
  if (!(await setSupportStatus(env.DB, { siteId: actor.siteId, requestId: input.id, userId: actor.id, close, now: context.now }))) {
    throw new HttpError(409, supportMessage('supportStatusUnchanged', context.language, { id: input.id }));
  }
  return requestOf(env, actor, input.id, context.language);
}
