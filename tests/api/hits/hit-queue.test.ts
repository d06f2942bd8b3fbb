import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AcceptedHit } from '../../../core/contracts/event.ts';
import type { Env } from '../../../functions/env.ts';
import worker from '../api-worker.ts';
import { call, newSignedInLearner, outcome, seedFixtures, SITE } from '../fixtures.ts';

// Hits through the HITS queue: the API answers once the hit is queued, this Worker's consumer
// writes batches of them, and a message delivered again is never counted twice.
beforeAll(seedFixtures);

const QUEUED = { HIT_WRITES: 'queue' };

async function postHit(cookie: string, identity: string, ms: number): Promise<Response> {
  return call('/api/event/hit', {
    method: 'POST',
    cookie,
    env: QUEUED,
    body: { ua: 'vitest', identity, origin: 'web', subject: { id: '/it-IT/course/triage', meta: [{ field: 'ms', value: ms }] }, course: 'triage' },
  });
}

async function totalTimeSpent(cookie: string): Promise<number> {
  return (await outcome<{ data: { totalTimeSpent: number } }>(await call('/api/stats', { cookie }))).data.totalTimeSpent;
}

async function storedReceipts(receipts: string[]): Promise<number> {
  const placeholders = receipts.map(() => '?').join(', ');
  const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM hit WHERE receipt IN (${placeholders})`)
    .bind(...receipts)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

let hitSerial = 0;
function acceptedHit(userId: string | null, identity: string, claimedMs: number, at: number): AcceptedHit {
  hitSerial += 1;
  return {
    receipt: crypto.randomUUID(),
    siteId: SITE,
    userId,
    identity,
    ua: 'vitest',
    origin: 'web',
    path: `/it-IT/catalogo-corsi?n=${hitSerial}`,
    claimedMs,
    device: 'linux',
    course: null,
    module: null,
    session: null,
    at,
  };
}

/** Runs this Worker's consumer on `bodies` as one delivery; returns what it acknowledged and retried. */
async function deliver(bodies: unknown[], bindings: Partial<Env> = {}, attempts = 1) {
  const batch = createMessageBatch(
    'tiles-hits',
    bodies.map((body, index) => ({ id: `m-${hitSerial}-${index}-${attempts}`, timestamp: Date.now(), attempts, body })),
  );
  // The test harness keeps which messages were retried, not how late: the consumer's delays are read here.
  const delays: (number | undefined)[] = [];
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    Object.defineProperty(message, 'retry', {
      value: (options?: { delaySeconds?: number }) => {
        delays.push(options?.delaySeconds);
        retry(options);
      },
    });
  }
  const context = createExecutionContext();
  await worker.queue(batch as never, { ...env, ...bindings } as Env);
  const result = await getQueueResult(batch, context);
  const idOf = (index: number) => batch.messages[index]?.id;
  return {
    acked: bodies.map((_, index) => result.explicitAcks.includes(idOf(index) ?? '')),
    retried: bodies.map((_, index) => result.retryMessages.some((retry) => retry.msgId === idOf(index))),
    delays,
  };
}

/** The real D1, except that a batch holding a statement bound to `receipt` fails, as an overloaded D1 would. */
function failingOn(db: D1Database, receipt: string): D1Database {
  const poisoned = new WeakSet<object>();
  return {
    prepare(sql: string) {
      const statement = db.prepare(sql);
      return {
        bind(...params: unknown[]) {
          const bound = statement.bind(...params);
          if (params.includes(receipt)) poisoned.add(bound);
          return bound;
        },
      };
    },
    batch(statements: D1PreparedStatement[]) {
      return statements.some((statement) => poisoned.has(statement)) ? Promise.reject(new Error('D1_ERROR: overloaded')) : db.batch(statements);
    },
  } as unknown as D1Database;
}

/** The real D1, except that a batch of several hits fails (each hit alone goes through). */
function refusingBatches(db: D1Database): D1Database {
  return {
    prepare: (sql: string) => db.prepare(sql),
    batch: (statements: D1PreparedStatement[]) => (statements.length > 5 ? Promise.reject(new Error('D1_ERROR: overloaded')) : db.batch(statements)),
  } as unknown as D1Database;
}

describe('POST /api/event/hit through the HITS queue', () => {
  it("answers with the hit's receipt once queued, and the learner's statistics show it within a few seconds", async () => {
    const learner = await newSignedInLearner('queue');
    const first = await postHit(learner.cookie, 'queue-tab-0001', 0);
    expect(first.status).toBe(200);
    const { _id: firstId } = await outcome<{ _id: string }>(first);
    expect(firstId).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const second = await outcome<{ _id: string }>(await postHit(learner.cookie, 'queue-tab-0001', 60_000));
    const started = Date.now();
    // The consumer's batch window is 1 s (wrangler.toml): poll, the way a learner would reload.
    while ((await storedReceipts([firstId, second._id])) < 2 && Date.now() - started < 8000) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await storedReceipts([firstId, second._id])).toBe(2);
    expect(Date.now() - started).toBeLessThan(5000);
    // Earned: the time that passed between the two acknowledgements (about 1.5 s), not the 60 s claimed.
    const total = await totalTimeSpent(learner.cookie);
    expect(total).toBeGreaterThanOrEqual(1500);
    expect(total).toBeLessThan(6000);
  });

  it('acknowledges only what the consumer will write: a User-Agent header of any length, a claim that is not a number', async () => {
    const learner = await newSignedInLearner('queue');
    const response = await call('/api/event/hit', {
      method: 'POST',
      cookie: learner.cookie,
      env: QUEUED,
      headers: { 'user-agent': `Mozilla/5.0 ${'x'.repeat(2000)}` },
      body: { identity: 'queue-odd-tab-1', subject: { id: '/it-IT', meta: [{ field: 'ms', value: 'abc' }] } },
    });
    expect(response.status).toBe(200);
    const { _id: receipt } = await outcome<{ _id: string }>(response);
    const started = Date.now();
    while ((await storedReceipts([receipt])) < 1 && Date.now() - started < 8000) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await env.DB.prepare('SELECT length(ua) AS ua, ms FROM hit WHERE receipt = ?').bind(receipt).first()).toEqual({ ua: 512, ms: 0 });
  });

  it('writes nothing and answers 400 for a hit the contract refuses, before anything is queued', async () => {
    const response = await call('/api/event/hit', { method: 'POST', env: QUEUED, body: { identity: 'x', subject: { id: 'no-slash' } } });
    expect(response.status).toBe(400);
  });
});

describe('the hits queue consumer', () => {
  it('counts a redelivered batch, and a message sent twice in one batch, once', async () => {
    const learner = await newSignedInLearner('queue');
    const T = Date.parse('2026-06-01T08:00:00Z');
    const hits = [acceptedHit(learner.id, 'redeliver-tab', 0, T), acceptedHit(learner.id, 'redeliver-tab', 45_000, T + 45_000)];
    const once = await deliver([hits[1], hits[0], hits[1]]);
    expect(once.acked).toEqual([true, true, true]);
    expect(await totalTimeSpent(learner.cookie)).toBe(45_000);
    const again = await deliver(hits, {}, 2);
    expect(again.acked).toEqual([true, true]);
    expect(await totalTimeSpent(learner.cookie)).toBe(45_000);
    expect(await storedReceipts(hits.map((hit) => hit.receipt))).toBe(2);
    const rollUps = await env.DB.prepare(
      'SELECT (SELECT SUM(ms) FROM stats_hourly WHERE user_id = ?1) AS hourly, (SELECT SUM(ms) FROM hit WHERE user_id = ?1) AS hits',
    )
      .bind(learner.id)
      .first();
    expect(rollUps).toEqual({ hourly: 45_000, hits: 45_000 });
  });

  it('writes the hits of one batch in the order the API accepted them, whatever order they arrive in', async () => {
    const learner = await newSignedInLearner('queue');
    const T = Date.parse('2026-06-02T08:00:00Z');
    const hits = [0, 1, 2, 3].map((n) => acceptedHit(learner.id, 'order-tab', n ? 30_000 : 0, T + n * 30_000));
    await deliver([hits[3], hits[1], hits[0], hits[2]]);
    expect(await totalTimeSpent(learner.cookie)).toBe(90_000);
  });

  it('writes hit by hit in the order the API accepted them when the whole batch fails, so a tab still earns its time', async () => {
    const learner = await newSignedInLearner('queue');
    const T = Date.parse('2026-06-04T08:00:00Z');
    const hits = [0, 1, 2].map((n) => acceptedHit(learner.id, 'fallback-tab', n ? 30_000 : 0, T + n * 30_000));
    const result = await deliver([hits[2], hits[1], hits[0]], { DB: refusingBatches(env.DB) });
    expect(result.acked).toEqual([true, true, true]);
    expect(await totalTimeSpent(learner.cookie)).toBe(60_000);
  });

  it('acknowledges a message that is not a hit (it can never be written) and still writes the others', async () => {
    const visitor = acceptedHit(null, 'visitor-tab-q', 0, Date.now());
    const result = await deliver([{ receipt: 'not-a-uuid' }, 'text', visitor]);
    expect(result).toEqual({ acked: [true, true, true], retried: [false, false, false], delays: [] });
    expect(await storedReceipts([visitor.receipt])).toBe(1);
  });

  it('retries only the hit D1 refused, writes the rest of its batch, and writes that hit once on the next delivery', async () => {
    const T = Date.parse('2026-06-03T08:00:00Z');
    const hits = [0, 1, 2].map((n) => acceptedHit(null, `fail-tab-${n}`, 0, T + n));
    const refused = hits[1]!.receipt;
    const first = await deliver(hits, { DB: failingOn(env.DB, refused) });
    // Delivered again later and later (2 s after a first attempt ... up to an hour), to wait D1 out.
    expect(first).toEqual({ acked: [true, false, true], retried: [false, true, false], delays: [2] });
    expect((await deliver([hits[1]], { DB: failingOn(env.DB, refused) }, 6)).delays).toEqual([64]);
    expect(await storedReceipts([hits[0]!.receipt, hits[2]!.receipt])).toBe(2);
    expect(await storedReceipts([refused])).toBe(0);
    const second = await deliver([hits[1]], {}, 2);
    expect(second.acked).toEqual([true]);
    expect(await storedReceipts(hits.map((hit) => hit.receipt))).toBe(3);
  });
});
