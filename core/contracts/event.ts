import { z } from 'zod';

// An event name's parts (the name is split on dots): letters, digits, `_` and `-`,
// so the first dot always ends the action, and the namespace the server keeps to itself
// (core/client-event.ts) cannot be disguised with a dot inside a part or a look-alike letter.
const part = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/** What an event is about, as the server stores it: a text, or an object kept as its JSON. */
export const MAX_EVENT_SUBJECT = 2048;

/** `POST /api/event`: the event name split on dots into action, variant, scope. */
export const eventRequest = z.object({
  ua: z.string().max(512).default(''),
  origin: z.literal('web').default('web'),
  type: z.literal('event').default('event'),
  createdAt: z.union([z.iso.datetime({ offset: true }), z.number().int().nonnegative()]).optional(),
  action: part,
  variant: part.nullish(),
  // The rest of the name after the second dot: dots allowed.
  scope: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_.-]+$/)
    .nullish(),
  subject: z
    .union([
      z.string().max(512),
      z
        .record(z.string(), z.unknown())
        .transform((value) => JSON.stringify(value))
        .pipe(z.string().max(MAX_EVENT_SUBJECT)),
    ])
    .nullish(),
});
export type EventRequest = z.input<typeof eventRequest>;

/** The most time one hit may say its page was visible: the browser never claims more than 30 minutes (core/visible-time.ts). */
const MAX_HIT_CLAIM_MS = 24 * 60 * 60 * 1000;

/** `POST /api/event/hit`: `meta` carries `ms`, the time since the previous navigation. */
export const hitRequest = z.object({
  ua: z.string().max(512).default(''),
  identity: z.string().trim().min(8).max(64),
  origin: z.literal('web').default('web'),
  subject: z.object({
    id: z.string().startsWith('/').max(512),
    meta: z
      .array(z.object({ field: z.string().max(32), value: z.union([z.number().min(0).max(MAX_HIT_CLAIM_MS), z.string().max(64)]) }))
      .max(16)
      .default([]),
  }),
  course: z.string().min(1).max(200).optional(),
  module: z.number().int().positive().max(10_000).optional(),
  session: z.number().int().positive().max(10_000).optional(),
});
export type HitRequest = z.input<typeof hitRequest>;

/** What `POST /api/event/hit` answers: the hit's id, a UUID, by which it is written exactly once. */
export const hitReceipt = z.object({ _id: z.uuid() });

/**
 * A hit as the API accepted it, stamped by the server: what the queue carries from the API to its
 * consumer (functions/hits/hit-writer.ts), and what the direct path writes at once (functions/data/hits/hits.ts).
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
