import type { z } from 'zod';
import type { eventRequest, hitRequest } from '../../core/contracts/event.ts';
import { detectPlatform } from '../../core/platform.ts';
import { romeDayHour } from '../../core/rome-time.ts';
import type { ApiContext } from '../api-context.ts';

export async function postEvent(context: ApiContext, { json: body }: { json: z.output<typeof eventRequest> }): Promise<{ _id: number }> {
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

/** Time since the previous navigation; longer gaps are idle time, not learning. */
export const MAX_HIT_MS = 30 * 60 * 1000;

export async function postHit(context: ApiContext, { json: body }: { json: z.output<typeof hitRequest> }): Promise<{ _id: number }> {
  const session = await context.session();
  const rawMs = Number(body.subject.meta.find((entry) => entry.field === 'ms')?.value ?? 0);
  const ms = Number.isFinite(rawMs) ? Math.min(Math.max(Math.round(rawMs), 0), MAX_HIT_MS) : 0;
  const ua = body.ua || context.request.headers.get('user-agent') || '';
  const device = detectPlatform(ua);
  const db = context.env.DB;
  const insertHit = db
    .prepare(
      'INSERT INTO hit (site_id, user_id, identity, ua, origin, path, ms, device, course_id, module_number, session_number, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id',
    )
    .bind(context.siteId, session?.user.id ?? null, body.identity, ua, body.origin, body.subject.id, ms, device, body.course ?? null, body.module ?? null, body.session ?? null, context.now);
  if (!session || ms === 0) {
    const row = await insertHit.first<{ id: number }>();
    return { _id: row?.id ?? 0 };
  }
  // The hit and its roll-ups land together or not at all.
  const { day, hour } = romeDayHour(context.now);
  const subject = body.course
    ? ((await db.prepare('SELECT category_id FROM course WHERE id = ? AND site_id = ?').bind(body.course, context.siteId).first<{ category_id: string }>())
        ?.category_id ?? '')
    : '';
  const [inserted] = await db.batch<{ id: number }>([
    insertHit,
    db
      .prepare(
        `INSERT INTO stats_hourly (site_id, user_id, day, hour, device, subject, ms) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (site_id, user_id, day, hour, device, subject) DO UPDATE SET ms = ms + excluded.ms`,
      )
      .bind(context.siteId, session.user.id, day, hour, device, subject, ms),
    db
      .prepare('INSERT INTO stats_total (site_id, user_id, ms) VALUES (?, ?, ?) ON CONFLICT (site_id, user_id) DO UPDATE SET ms = ms + excluded.ms')
      .bind(context.siteId, session.user.id, ms),
  ]);
  return { _id: inserted?.results[0]?.id ?? 0 };
}
