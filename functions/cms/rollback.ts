import type { D1Database } from '@cloudflare/workers-types';
import { listPublishedVersions, readLiveTexts, writeRollback, type PublishedVersion, type RollbackStep } from '../data/cms/documents.ts';

/** The same fields whatever the order of their keys (SQLite's json_object and the draft's JSON differ). */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * What undoing a publish puts back, given what it published and what is live now: every text it put
 * live goes back to what it replaced (or away, if it was new) and comes back as a draft, so the
 * editor can fix it and publish again. A text a later publish put live again, or one changed since,
 * is left to that change.
 */
export function planRollback(siteId: string, versions: PublishedVersion[], live: (string | null)[]): RollbackStep[] {
  const published = versions.filter((version) => version.status === 'published' && !version.superseded);
  return published.flatMap((version, i) => {
    const current = live[i];
    if (!current || canonical(JSON.parse(current)) !== canonical(JSON.parse(version.fields))) return [];
    const before = versions.find(
      (candidate) =>
        candidate.status === 'live-before' && candidate.locale === version.locale && candidate.kind === version.kind && candidate.key === version.key,
    );
    return [
      {
        ref: { siteId, locale: version.locale, kind: version.kind, key: version.key },
        restore: before?.fields ?? null,
        draft: { fields: version.fields, authorId: version.authorId },
      },
    ];
  });
}

/**
 * Undoes a publish whose build failed, so that static and on-demand pages show one and the same
 * version (the live site still shows the previous build). One batch, with its audit event.
 * Returns how many documents went back.
 */
export async function rollBackPublish(db: D1Database, siteId: string, requestId: number, requestedBy: string, now: number): Promise<number> {
  const versions = await listPublishedVersions(db, siteId, requestId);
  const published = versions.filter((version) => version.status === 'published' && !version.superseded);
  if (published.length === 0) return 0;
  const live = await readLiveTexts(
    db,
    published.map((version) => ({ siteId, locale: version.locale, kind: version.kind, key: version.key })),
  );
  const steps = planRollback(siteId, versions, live);
  if (steps.length === 0) return 0;
  await writeRollback(db, steps, { siteId, requestId, requestedBy, now });
  return steps.length;
}
