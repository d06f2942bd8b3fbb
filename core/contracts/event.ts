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
