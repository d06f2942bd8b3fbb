import type { z } from 'zod';
import type { eventRequest } from '../../core/contracts/event.ts';
import { clientMaySend, isModeEventName, joinEventName } from '../../core/client-event.ts';
import type { ApiContext } from '../api-context.ts';
import { recordClientEvent } from '../data/events.ts';
import { findRole } from '../data/auth/roles.ts';
import { HttpError } from '../http-error.ts';
import { eventMessage } from './messages.ts';
import { tooManyRequests, withinLimit } from '../rate-limit.ts';

/**
 * An event a signed-in browser sends: any name outside the namespaces the server writes its audit
 * events in, and the mode switches its role offers (core/client-event.ts). The server stamps
 * site, user and time (a client's `createdAt` is ignored); the contract caps the name's parts and
 * the subject; each learner may send EVENT_LIMITER's number a minute, counted first.
 */
export async function postEvent(context: ApiContext, { json: body }: { json: z.output<typeof eventRequest> }): Promise<{ _id: number }> {
  const session = await context.requireSession();
  if (!(await withinLimit(context.env, 'EVENT_LIMITER', `user:${session.user.id}`))) throw tooManyRequests(context.language, context.now);
  const eventName = joinEventName(body);
  // Only a mode switch depends on the role: the other names are decided by their namespace.
  const role = isModeEventName(eventName) ? await findRole(context.env.DB, session.user.roles[0] ?? '') : null;
  if (!clientMaySend(eventName, role?.mode ?? 'user')) {
    throw new HttpError(400, eventMessage('eventNotAllowed', context.language, { name: eventName.slice(0, 200) }));
  }
  const id = await recordClientEvent(context.env.DB, {
    siteId: context.siteId,
    userId: session.user.id,
    ua: body.ua,
    origin: body.origin,
    type: body.type,
    action: body.action,
    variant: body.variant ?? null,
    scope: body.scope ?? null,
    subject: body.subject ?? null,
    now: context.now,
  });
  return { _id: id };
}
