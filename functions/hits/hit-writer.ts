import type { MessageBatch, Queue } from '@cloudflare/workers-types';
import { acceptedHit, type AcceptedHit, type HitWriterStatus } from '../../core/contracts/event.ts';
import { recordHits } from '../data/hits/hits.ts';
import type { Env } from '../env.ts';
import { settleScormCompletions } from '../scorm/scorm-completion.ts';

// Set when `npm start` retires this Worker (a publish's swap, a stop): miniflare's queue lives in this
// workerd's memory and ends with it, so from then on each hit is written before it is acknowledged.
let retiring = false;
export function retireHitQueue(): void {
  retiring = true;
}

/**
 * Hits past one D1 writer. With the HITS queue bound, the API acknowledges a hit once the queue
 * holds it and the consumer below writes a whole batch of them in one D1 transaction; without it
 * (or with HIT_WRITES=direct) each request writes its own hit. Both write through recordHits, so a
 * hit earns the same time either way: its time is the moment the API accepted it.
 */
export function hitQueueOf(env: Env): Queue<AcceptedHit> | null {
  return env.HITS && env.HIT_WRITES !== 'direct' && !retiring ? env.HITS : null;
}

// Per isolate, since it started: what the local benchmark and `npm start`'s drain read. Locally the
// producer and the consumer share the one isolate, so `queued - settled` is what the queue still owes.
const written = { hits: 0, statements: 0, batches: 0 };
let queued = 0;
let settled = 0;
let consuming = 0;

async function write(env: Env, hits: readonly AcceptedHit[]): Promise<void> {
  // Not `written.statements += await …`: that reads the counter before the await, and concurrent writes would lose counts.
  const statements = await recordHits(env.DB, hits);
  // The time just written may be what a SCORM session's completion waited for. The hits are kept
  // whatever happens there: the next hit or commit settles it again.
  await settleScormCompletions(env.DB, hits, Date.now()).catch((error: unknown) =>
    console.log(JSON.stringify({ type: 'scorm', event: 'settle-failed', error: error instanceof Error ? error.message.slice(0, 300) : String(error) })),
  );
  written.statements += statements;
  written.hits += hits.length;
  written.batches += 1;
}

/**
 * Accepts a hit: queued (durable once `send` resolves) or written at once. Checked against the
 * message contract first, so that nothing is acknowledged that the consumer would refuse.
 */
export async function acceptHit(env: Env, input: AcceptedHit): Promise<void> {
  const hit = acceptedHit.parse(input);
  const queue = hitQueueOf(env);
  if (queue) {
    // Counted before the send: a drain that reads nothing pending has no send still under way.
    queued += 1;
    try {
      await queue.send(hit, { contentType: 'json' });
    } catch (error) {
      queued -= 1;
      throw error;
    }
  } else await write(env, [hit]);
}

function logFailure(queue: string, messageId: string, error: unknown): void {
  const detail = error instanceof Error ? error.message : String(error);
  console.log(JSON.stringify({ type: 'queue', queue, message: messageId, error: detail.slice(0, 300) }));
}

/** Seconds before a failed hit is delivered again: 2, 4, 8 ... up to an hour, so a D1 outage is waited out. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 2 ** Math.max(1, Math.min(attempts, 12)));
}

/**
 * The consumer of the HITS queue and of its dead-letter queue. A message that is not a hit can
 * never be written: it is logged and acknowledged. The rest go to D1 in one batch; if that batch
 * fails, each hit is tried alone, in the order the API accepted them, so that one bad hit cannot
 * hold back the others, and only the ones that fail are retried, later and later (after
 * max_retries they move to the dead-letter queue, which this consumer keeps retrying). Written
 * hits are skipped on redelivery (receipt).
 */
export async function consumeHits(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const valid: { message: MessageBatch<unknown>['messages'][number]; hit: AcceptedHit }[] = [];
  for (const message of batch.messages) {
    const parsed = acceptedHit.safeParse(message.body);
    if (parsed.success) valid.push({ message, hit: parsed.data });
    else {
      logFailure(batch.queue, message.id, parsed.error);
      message.ack();
      settled += 1;
    }
  }
  if (!valid.length) return;
  consuming += 1;
  try {
    await write(
      env,
      valid.map(({ hit }) => hit),
    );
    for (const { message } of valid) message.ack();
    settled += valid.length;
  } catch {
    for (const { message, hit } of valid.sort((a, b) => a.hit.at - b.hit.at)) {
      try {
        await write(env, [hit]);
        message.ack();
        settled += 1;
      } catch (error) {
        logFailure(batch.queue, message.id, error);
        message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      }
    }
  } finally {
    consuming -= 1;
  }
}

/** What `npm start` waits on before it stops a Worker (nothing queued or being written), and the benchmark's counters. */
export async function hitWriterStatus(env: Env): Promise<HitWriterStatus> {
  const queue = hitQueueOf(env);
  let backlog: number | null = null;
  if (queue) {
    try {
      backlog = (await queue.metrics()).backlogCount;
    } catch {
      backlog = null;
    }
  }
  return { path: queue ? 'queue' : 'direct', backlog, pending: Math.max(0, queued - settled), consuming, written: { ...written } };
}
