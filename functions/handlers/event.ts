import { z } from 'zod';
import { detectPlatform } from '../../core/platform.ts';
import type { ApiContext } from '../api-context.ts';
import { recordHit } from '../data/hits.ts';
import { readJson } from '../read-json.ts';
import { validate } from '../validate.ts';

const name = z.string().trim().min(1).max(64);

const eventBody = z.object({
  ua: z.string().max(512).default(''),
  origin: z.literal('web').default('web'),
  type: z.literal('event').default('event'),
  createdAt: z.union([z.iso.datetime({ offset: true }), z.number().int().nonnegative()]).optional(),
  action: name,
  variant: name.nullish(),
  scope: name.nullish(),
  subject: z.union([z.string().max(512), z.record(z.string(), z.unknown())]).nullish(),
});

export async function postEvent(context: ApiContext): Promise<{ _id: number }> {
  const body = validate(eventBody, await readJson(context), context.language);
  const session = await context.session();
  const createdAt = typeof body.createdAt === 'string' ? Date.parse(body.createdAt) : (body.createdAt ?? context.now);
  const subject = body.subject == null ? null : typeof body.subject === 'string' ? body.subject : JSON.stringify(body.subject).slice(0, 2048);
  const result = await context.env.DB.prepare(
    'INSERT INTO event (site_id, user_id, ua, origin, type, action, variant, scope, subject, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id',
  )
    .bind(context.siteId, session?.user.id ?? null, body.ua, body.origin, body.type, body.action, body.variant ?? null, body.scope ?? null, subject, createdAt)
    .first<{ id: number }>();
  return { _id: result?.id ?? 0 };
}

const hitBody = z.object({
  ua: z.string().max(512).default(''),
  identity: z.string().trim().min(8).max(64),
  origin: z.literal('web').default('web'),
  subject: z.object({
    id: z.string().startsWith('/').max(512),
    meta: z.array(z.object({ field: z.string().max(32), value: z.union([z.number(), z.string().max(64)]) })).max(16).default([]),
  }),
  course: z.string().min(1).max(200).optional(),
  module: z.number().int().positive().optional(),
  session: z.number().int().positive().optional(),
});

export async function postHit(context: ApiContext): Promise<{ _id: number }> {
  const body = validate(hitBody, await readJson(context), context.language);
  const session = await context.session();
  const ua = body.ua || context.request.headers.get('user-agent') || '';
  const hit = await recordHit(context.env.DB, {
    siteId: context.siteId,
    userId: session?.user.id ?? null,
    identity: body.identity,
    ua,
    origin: body.origin,
    path: body.subject.id,
    claimedMs: Number(body.subject.meta.find((entry) => entry.field === 'ms')?.value ?? 0),
    device: detectPlatform(ua),
    course: body.course ?? null,
    module: body.module ?? null,
    session: body.session ?? null,
    at: context.now,
  });
  return { _id: hit.id };
}
