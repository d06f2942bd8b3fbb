import type { z } from 'zod';
import type { hitRequest, HitWriterStatus } from '../../core/contracts/event.ts';
import { sessionAddress } from '../../core/hit.ts';
import { detectPlatform } from '../../core/platform.ts';
import type { ApiContext } from '../api-context.ts';
import { addressKey, clientAddress } from '../client-address.ts';
import { acceptHit, hitWriterStatus, retireHitQueue } from './hit-writer.ts';
import { tooManyRequests, withinLimit } from '../rate-limit.ts';

/**
 * A page hit: stamped with the server's time and a receipt, then accepted (queued, or written where
 * no queue is bound: functions/hits/hit-writer.ts). The answer's `_id` is the receipt.
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
  // The session comes from the page's address (and is checked against the site's sessions where
  // it is written); the body's own course, module and session are only the beacon's echo of it.
  const address = sessionAddress(body.subject.id);
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
    course: address?.course ?? null,
    module: address?.module ?? null,
    session: address?.session ?? null,
    at: context.now,
  });
  return { _id: receipt };
}

/** The hit writer's state, for `npm start`'s drain before it stops a Worker and for the benchmark. */
export async function getHitWriter(context: ApiContext): Promise<HitWriterStatus> {
  return hitWriterStatus(context.env);
}

/** From now on this isolate writes each hit at once; the answer says what its queue still owes. */
export async function postHitWriterRetire(context: ApiContext): Promise<HitWriterStatus> {
  retireHitQueue();
  return hitWriterStatus(context.env);
}
