import { z } from 'zod';

const name = z.string().trim().min(1).max(64);

/** `POST /api/event` (SPEC section 3, event): the event name split on dots into action, variant, scope. */
export const eventRequest = z.object({
  ua: z.string().max(512).default(''),
  origin: z.literal('web').default('web'),
  type: z.literal('event').default('event'),
  createdAt: z.union([z.iso.datetime({ offset: true }), z.number().int().nonnegative()]).optional(),
  action: name,
  variant: name.nullish(),
  scope: name.nullish(),
  subject: z.union([z.string().max(512), z.record(z.string(), z.unknown())]).nullish(),
});
export type EventRequest = z.input<typeof eventRequest>;

/** `POST /api/event/hit` (SPEC section 3, hit): `meta` carries `ms`, the time since the previous navigation. */
export const hitRequest = z.object({
  ua: z.string().max(512).default(''),
  identity: z.string().trim().min(8).max(64),
  origin: z.literal('web').default('web'),
  subject: z.object({
    id: z.string().startsWith('/').max(512),
    meta: z
      .array(z.object({ field: z.string().max(32), value: z.union([z.number(), z.string().max(64)]) }))
      .max(16)
      .default([]),
  }),
  course: z.string().min(1).max(200).optional(),
  module: z.number().int().positive().optional(),
  session: z.number().int().positive().optional(),
});
export type HitRequest = z.input<typeof hitRequest>;

/** What `POST /api/event/hit` answers: the hit's id, a UUID, by which it is written exactly once. */
export const hitReceipt = z.object({ _id: z.uuid() });

/**
 * A hit as the API accepted it, stamped by the server: what the queue carries from the API to its
 * consumer (functions/hit-writer.ts), and what the direct path writes at once (functions/data/hits.ts).
 */
export const acceptedHit = z.object({
  /** The id the API acknowledged the hit with: a redelivered message with the same id is written once. */
  receipt: z.uuid(),
  siteId: z.string().min(1).max(64),
  /** The signed-in learner, or null for a visitor (whose time is never rolled up). */
  userId: z.string().min(1).max(256).nullable(),
  /** The tab's identity from the hit body: its clock is kept per site and learner or visitor. */
  identity: z.string().min(1).max(64),
  ua: z.string().max(512),
  origin: z.string().max(16),
  path: z.string().max(512),
  /** The time the tab says it spent since its previous navigation, before any server check. */
  claimedMs: z.number(),
  device: z.string().max(32),
  course: z.string().max(200).nullable(),
  module: z.number().int().nullable(),
  session: z.number().int().nullable(),
  /** Server time at which the API accepted the hit (not when the consumer writes it). */
  at: z.number().int().nonnegative(),
});
export type AcceptedHit = z.output<typeof acceptedHit>;

/** The hit writer as the local server sees it (`GET /api/event/hit/writer`, build-worker token only). */
export const hitWriterStatus = z.object({
  /** `queue` when hits go through the HITS queue, `direct` when each request writes its own. */
  path: z.enum(['queue', 'direct']),
  /** Messages waiting in the queue, or null where the binding cannot tell (no queue). */
  backlog: z.number().int().nullable(),
  /** Hits this isolate queued that its consumer has not yet written: what `npm start` waits for locally. */
  pending: z.number().int(),
  /** Consumer batches being written at this moment, in this isolate. */
  consuming: z.number().int(),
  /** Written by this isolate since it started: hits, SQL statements and D1 batches (round trips). */
  written: z.object({ hits: z.number().int(), statements: z.number().int(), batches: z.number().int() }),
});
export type HitWriterStatus = z.output<typeof hitWriterStatus>;
