import type { z } from 'zod';
import type { eventRequest, hitRequest, HitWriterStatus } from '../../core/contracts/event.ts';
import { clientMaySend, isModeEventName, joinEventName } from '../../core/client-event.ts';
import { detectPlatform } from '../../core/platform.ts';
import type { ApiContext } from '../api-context.ts';
import { clientAddress } from '../auth/sign-in.ts';
import { recordClientEvent } from '../data/events.ts';
import { findRole } from '../data/roles.ts';
import { parseRoles } from '../data/users.ts';
import { acceptHit, hitWriterStatus } from '../hit-writer.ts';
import { HttpError } from '../http-error.ts';
import { message } from '../messages.ts';
import { addressKey, tooManyRequests, withinLimit } from '../rate-limit.ts';

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
  const role = isModeEventName(eventName) ? await findRole(context.env.DB, parseRoles(session.user.roles)[0] ?? '') : null;
  if (!clientMaySend(eventName, role?.mode ?? 'user')) {
    throw new HttpError(400, message('eventNotAllowed', context.language, { name: eventName.slice(0, 200) }));
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

/**
 * A page hit: stamped with the server's time and a receipt, then accepted (queued, or written where
 * no queue is bound: functions/hit-writer.ts). The answer's `_id` is the receipt.
 */
export async function postHit(context: ApiContext, { json: body }: { json: z.output<typeof hitRequest> }): Promise<{ _id: string }> {
  const session = await context.session();
  // Counted before the hit is looked at further: per learner, whatever their address (a ward's
  // shared NAT); per address for visitors, whose hits count for no one's statistics.
  const key = session ? `user:${session.user.id}` : `address:${addressKey(clientAddress(context.request))}`;
  if (!(await withinLimit(context.env, 'HIT_LIMITER', key))) throw tooManyRequests(context.language, context.now);
  // A session vouches for its site (api-context.ts); a visitor's hit names one that must exist.
  if (!session) await context.requireKnownSite();
  // The header has no length limit of its own; the hit keeps what the body's `ua` may hold.
  const ua = (body.ua || context.request.headers.get('user-agent') || '').slice(0, 512);
  const claimed = Number(body.subject.meta.find((entry) => entry.field === 'ms')?.value ?? 0);
  const receipt = crypto.randomUUID();
  await acceptHit(context.env, {
    receipt,
    siteId: context.siteId,
    userId: session?.user.id ?? null,
    identity: body.identity,
    ua,
    origin: body.origin,
    path: body.subject.id,
    claimedMs: Number.isFinite(claimed) ? claimed : 0,
    device: detectPlatform(ua),
    course: body.course ?? null,
    module: body.module ?? null,
    session: body.session ?? null,
    at: context.now,
  });
  return { _id: receipt };
}

/** The hit writer's state, for `npm start`'s drain before it stops a Worker and for the benchmark. */
export async function getHitWriter(context: ApiContext): Promise<HitWriterStatus> {
  return hitWriterStatus(context.env);
}
