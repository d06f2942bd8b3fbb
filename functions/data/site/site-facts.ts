import type { D1Database } from '@cloudflare/workers-types';

export interface SiteFacts {
  courses: number;
  /** When the demo history was loaded (scripts/prepare-db.mjs), or null. */
  seededAt: string | null;
}

/** What the testers' page (/test) shows about the site's data. */
export async function loadSiteFacts(db: D1Database, siteId: string): Promise<SiteFacts> {
  const row = await db
    .prepare("SELECT (SELECT COUNT(*) FROM course WHERE site_id = ?1) AS courses, (SELECT value FROM meta WHERE key = 'seeded_at') AS seededAt")
    .bind(siteId)
    .first<SiteFacts>();
  return { courses: Number(row?.courses ?? 0), seededAt: row?.seededAt ?? null };
}
