import type { D1Database } from '@cloudflare/workers-types';
import type { ContentBlock, PageKind } from './pages.ts';

export interface PageText {
  title: string;
  description: string;
  body: ContentBlock[];
}

export interface PageRef {
  siteId: string;
  locale: string;
  kind: PageKind;
  slug: string;
}

export interface Version extends PageText {
  id: number;
  author: string;
  createdAt: string;
  status: 'draft' | 'published' | 'live-before';
}

export interface EditorView {
  live: PageText | null;
  draft: (PageText & { author: string; updatedAt: string }) | null;
  versions: Version[];
}

const text = (row: { title: string; description: string; body: string }): PageText => ({
  title: row.title,
  description: row.description,
  body: JSON.parse(row.body) as ContentBlock[],
});

export async function loadEditorView(db: D1Database, ref: PageRef): Promise<EditorView> {
  const args = [ref.siteId, ref.locale, ref.kind, ref.slug];
  const [live, draft, versions] = await db.batch<Record<string, string | number>>([
    db.prepare('SELECT title, description, body FROM page WHERE site_id = ? AND locale = ? AND kind = ? AND slug = ?').bind(...args),
    db
      .prepare(
        `SELECT d.title, d.description, d.body, d.updated_at, u.first_name || ' ' || u.last_name AS author FROM content_draft d JOIN user u ON u.id = d.author_id
         WHERE d.site_id = ? AND d.locale = ? AND d.kind = ? AND d.slug = ?`,
      )
      .bind(...args),
    db
      .prepare(
        `SELECT v.id, v.title, v.description, v.body, v.created_at, v.status, u.first_name || ' ' || u.last_name AS author FROM content_version v JOIN user u ON u.id = v.author_id
         WHERE v.site_id = ? AND v.locale = ? AND v.kind = ? AND v.slug = ? ORDER BY v.id DESC LIMIT 50`,
      )
      .bind(...args),
  ]);
  const liveRow = live?.results[0] as { title: string; description: string; body: string } | undefined;
  const draftRow = draft?.results[0] as { title: string; description: string; body: string; updated_at: number; author: string } | undefined;
  return {
    live: liveRow ? text(liveRow) : null,
    draft: draftRow ? { ...text(draftRow), author: draftRow.author, updatedAt: new Date(draftRow.updated_at).toISOString() } : null,
    versions: ((versions?.results ?? []) as unknown as { id: number; title: string; description: string; body: string; created_at: number; status: Version['status']; author: string }[]).map((row) => ({
      ...text(row),
      id: row.id,
      author: row.author,
      createdAt: new Date(row.created_at).toISOString(),
      status: row.status,
    })),
  };
}

/** Saves a draft and records it as a version, together. */
export async function saveDraft(db: D1Database, ref: PageRef, page: PageText, authorId: string, now: number): Promise<void> {
  const body = JSON.stringify(page.body);
  await db.batch([
    db
      .prepare(
        `INSERT INTO content_draft (site_id, locale, kind, slug, title, description, body, author_id, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (site_id, locale, kind, slug) DO UPDATE SET title = excluded.title, description = excluded.description, body = excluded.body, author_id = excluded.author_id, updated_at = excluded.updated_at`,
      )
      .bind(ref.siteId, ref.locale, ref.kind, ref.slug, page.title, page.description, body, authorId, now),
    db
      .prepare("INSERT INTO content_version (site_id, locale, kind, slug, title, description, body, author_id, created_at, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'draft')")
      .bind(ref.siteId, ref.locale, ref.kind, ref.slug, page.title, page.description, body, authorId, now),
  ]);
}

export async function findVersion(db: D1Database, siteId: string, id: number): Promise<(PageRef & PageText) | null> {
  const row = await db
    .prepare('SELECT site_id, locale, kind, slug, title, description, body FROM content_version WHERE site_id = ? AND id = ?')
    .bind(siteId, id)
    .first<{ site_id: string; locale: string; kind: PageKind; slug: string; title: string; description: string; body: string }>();
  return row ? { siteId: row.site_id, locale: row.locale, kind: row.kind, slug: row.slug, ...text(row) } : null;
}

/**
 * Publishes every draft of the site: the live pages change, the replaced text is kept as a
 * version, and a build request is queued, all in one batch: nothing half-published.
 */
export async function publishDrafts(db: D1Database, siteId: string, userId: string, now: number): Promise<{ requestId: number; pages: number }> {
  const { results: drafts } = await db
    .prepare('SELECT locale, kind, slug, title, description, body FROM content_draft WHERE site_id = ?')
    .bind(siteId)
    .all<{ locale: string; kind: PageKind; slug: string; title: string; description: string; body: string }>();
  const statements = drafts.flatMap((draft) => [
    db
      .prepare(
        `INSERT INTO content_version (site_id, locale, kind, slug, title, description, body, author_id, created_at, status)
         SELECT site_id, locale, kind, slug, title, description, body, ?, ?, 'live-before' FROM page WHERE site_id = ? AND locale = ? AND kind = ? AND slug = ?`,
      )
      .bind(userId, now, siteId, draft.locale, draft.kind, draft.slug),
    db
      .prepare(
        `INSERT INTO page (site_id, locale, kind, slug, title, description, body, tiles, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?)
         ON CONFLICT (site_id, locale, kind, slug) DO UPDATE SET title = excluded.title, description = excluded.description, body = excluded.body, updated_at = excluded.updated_at`,
      )
      .bind(siteId, draft.locale, draft.kind, draft.slug, draft.title, draft.description, draft.body, now),
    db
      .prepare("INSERT INTO content_version (site_id, locale, kind, slug, title, description, body, author_id, created_at, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'published')")
      .bind(siteId, draft.locale, draft.kind, draft.slug, draft.title, draft.description, draft.body, userId, now),
  ]);
  const results = await db.batch<{ id: number }>([
    ...statements,
    db.prepare('DELETE FROM content_draft WHERE site_id = ?').bind(siteId),
    db.prepare("INSERT INTO build_request (site_id, requested_by, requested_at, status) VALUES (?, ?, ?, 'queued') RETURNING id").bind(siteId, userId, now),
  ]);
  return { requestId: Number(results.at(-1)?.results[0]?.id ?? 0), pages: drafts.length };
}

export interface BuildRequest {
  id: number;
  status: 'queued' | 'building' | 'live' | 'failed';
  requestedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  buildId: string | null;
  error: string | null;
}

export async function findBuildRequest(db: D1Database, siteId: string, id: number): Promise<BuildRequest | null> {
  const row = await db
    .prepare('SELECT id, status, requested_at, started_at, finished_at, build_id, error FROM build_request WHERE site_id = ? AND id = ?')
    .bind(siteId, id)
    .first<{ id: number; status: BuildRequest['status']; requested_at: number; started_at: number | null; finished_at: number | null; build_id: string | null; error: string | null }>();
  if (!row) return null;
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    id: row.id,
    status: row.status,
    requestedAt: new Date(row.requested_at).toISOString(),
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    durationMs: row.finished_at !== null ? row.finished_at - row.requested_at : null,
    buildId: row.build_id,
    error: row.error,
  };
}

/** The build worker takes the oldest queued request, if any, and marks it building. */
export async function claimBuildRequest(db: D1Database, now: number): Promise<{ id: number; siteId: string } | null> {
  const row = await db
    .prepare("UPDATE build_request SET status = 'building', started_at = ? WHERE id = (SELECT id FROM build_request WHERE status = 'queued' ORDER BY id LIMIT 1) RETURNING id, site_id")
    .bind(now)
    .first<{ id: number; site_id: string }>();
  return row ? { id: row.id, siteId: row.site_id } : null;
}

/** Ends a build: live with its build id, or failed with the reason. Requests queued meanwhile ride on it. */
export async function finishBuildRequest(db: D1Database, id: number, outcome: { status: 'live' | 'failed'; buildId?: string; error?: string }, now: number): Promise<void> {
  await db
    .prepare("UPDATE build_request SET status = ?, finished_at = ?, build_id = ?, error = ? WHERE id = ? AND status = 'building'")
    .bind(outcome.status, now, outcome.buildId ?? null, outcome.error?.slice(0, 2000) ?? null, id)
    .run();
}
