import type { D1Database } from '@cloudflare/workers-types';
import type { BuildRequest } from '../../../core/contracts/cms.ts';

export type { BuildRequest };

// The build queue (table build_request): a publish queues a request in its own batch
// (commitPublish in documents.ts, so the request and the texts it publishes are one transaction);
// from there the build worker claims it and finishes it, or a deploy hook takes it (markHandedToHook).
// Those who may publish read the queue (GET /api/cms/builds, /cms/builds/:id).

interface BuildRow {
  id: number;
  status: BuildRequest['status'];
  runner: BuildRequest['runner'];
  author: string;
  requested_at: number;
  started_at: number | null;
  finished_at: number | null;
  build_id: string | null;
  error: string | null;
}

const BUILD_COLUMNS =
  "b.id, b.status, b.runner, b.requested_at, b.started_at, b.finished_at, b.build_id, b.error, u.first_name || ' ' || u.last_name AS author";

function toBuild(row: BuildRow): BuildRequest {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    id: row.id,
    status: row.status,
    runner: row.runner,
    requestedBy: row.author,
    requestedAt: new Date(row.requested_at).toISOString(),
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    durationMs: row.finished_at !== null ? row.finished_at - row.requested_at : null,
    buildId: row.build_id,
    error: row.error,
  };
}

/** One of the site's build requests, by id. */
export async function findBuildRequest(db: D1Database, siteId: string, id: number): Promise<BuildRequest | null> {
  const row = await db
    .prepare(`SELECT ${BUILD_COLUMNS} FROM build_request b JOIN user u ON u.id = b.requested_by WHERE b.site_id = ? AND b.id = ?`)
    .bind(siteId, id)
    .first<BuildRow>();
  return row ? toBuild(row) : null;
}

/** The site's latest build requests, newest first. */
export async function listBuildRequests(db: D1Database, siteId: string, limit: number): Promise<BuildRequest[]> {
  const { results } = await db
    .prepare(`SELECT ${BUILD_COLUMNS} FROM build_request b JOIN user u ON u.id = b.requested_by WHERE b.site_id = ? ORDER BY b.id DESC LIMIT ?`)
    .bind(siteId, limit)
    .all<BuildRow>();
  return results.map(toBuild);
}

/** The build worker takes the oldest queued request, if any, and marks it building. */
export async function claimBuildRequest(db: D1Database, now: number): Promise<{ id: number; siteId: string } | null> {
  const row = await db
    .prepare(
      "UPDATE build_request SET status = 'building', started_at = ? WHERE id = (SELECT id FROM build_request WHERE status = 'queued' ORDER BY id LIMIT 1) RETURNING id, site_id",
    )
    .bind(now)
    .first<{ id: number; site_id: string }>();
  return row ? { id: row.id, siteId: row.site_id } : null;
}

/** A build request that just ended: its site and who asked for it. */
export interface EndedRequest {
  siteId: string;
  requestedBy: string;
}

/** A request handed to a deploy hook: building once the hook accepted it, failed with the reason if not (then the request, else null). */
export async function markHandedToHook(db: D1Database, id: number, outcome: { accepted: boolean; error?: string }, now: number): Promise<EndedRequest | null> {
  const request = await db
    .prepare(
      "UPDATE build_request SET runner = 'hook', status = ?, started_at = ?, finished_at = ?, error = ? WHERE id = ? AND status = 'queued' RETURNING site_id, requested_by",
    )
    .bind(outcome.accepted ? 'building' : 'failed', now, outcome.accepted ? null : now, outcome.error?.slice(0, 2000) ?? null, id)
    .first<{ site_id: string; requested_by: string }>();
  return request && !outcome.accepted ? { siteId: request.site_id, requestedBy: request.requested_by } : null;
}

/**
 * Ends a build: live with its build id, or failed with the reason. Requests queued meanwhile ride
 * on it. Returns the request when it failed (its publish is then to be rolled back), else null.
 */
export async function finishBuildRequest(
  db: D1Database,
  id: number,
  outcome: { status: 'live' | 'failed'; buildId?: string; error?: string },
  now: number,
): Promise<EndedRequest | null> {
  const request = await db
    .prepare(
      "UPDATE build_request SET status = ?, finished_at = ?, build_id = ?, error = ? WHERE id = ? AND status = 'building' RETURNING site_id, requested_by",
    )
    .bind(outcome.status, now, outcome.buildId ?? null, outcome.error?.slice(0, 2000) ?? null, id)
    .first<{ site_id: string; requested_by: string }>();
  return request && outcome.status === 'failed' ? { siteId: request.site_id, requestedBy: request.requested_by } : null;
}
