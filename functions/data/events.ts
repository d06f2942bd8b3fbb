import type { D1Database } from '@cloudflare/workers-types';
import { splitEventName } from '../../core/event-name.ts';

/** An audit event, named like 'cms.page.publish' (action, variant, scope), with the acting user. */
export function eventStatement(db: D1Database, siteId: string, userId: string | null, name: string, subject: string, now: number) {
  const { action, variant, scope } = splitEventName(name);
  return db
    .prepare("INSERT INTO event (site_id, user_id, ua, origin, type, action, variant, scope, subject, created_at) VALUES (?, ?, 'server', 'web', 'event', ?, ?, ?, ?, ?)")
    .bind(siteId, userId, action, variant ?? null, scope ?? null, subject, now);
}
