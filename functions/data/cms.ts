import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import { PAGE_KINDS, type DocumentFields, type DocumentKind } from '../../core/cms-document.ts';

export interface DocumentRef {
  siteId: string;
  locale: string;
  kind: DocumentKind;
  key: string;
}

export interface Version {
  id: number;
  fields: DocumentFields;
  author: string;
  createdAt: string;
  status: 'draft' | 'published' | 'live-before';
}

export interface Draft {
  locale: string;
  kind: DocumentKind;
  key: string;
  fields: DocumentFields;
  author: string;
  updatedAt: string;
}

export interface EditorView {
  live: DocumentFields | null;
  draft: Draft | null;
  versions: Version[];
}

/**
 * The live text of each kind, read as one JSON object of the kind's fields, and how a published
 * draft is written back. Courses and categories must exist already: editors change their texts,
 * not the catalogue's structure.
 */
const LIVE: Record<DocumentKind, { read: string; write: string }> = {
  content: pageSql('content'),
  pf: pageSql('pf'),
  repository: pageSql('repository'),
  course: {
    read: `SELECT json_object('title', t.title, 'summary', t.summary, 'description', t.description) AS fields FROM course_text t JOIN course c ON c.id = t.course_id
           WHERE c.site_id = ?1 AND t.locale = ?2 AND t.course_id = ?3`,
    write: `INSERT INTO course_text (course_id, locale, title, summary, description)
            SELECT id, ?2, ?4 ->> '$.title', ?4 ->> '$.summary', ?4 ->> '$.description' FROM course WHERE site_id = ?1 AND id = ?3
            ON CONFLICT (course_id, locale) DO UPDATE SET title = excluded.title, summary = excluded.summary, description = excluded.description`,
  },
  category: {
    read: `SELECT json_object('name', t.name, 'description', t.description) AS fields FROM category_text t JOIN category c ON c.id = t.category_id
           WHERE c.site_id = ?1 AND t.locale = ?2 AND t.category_id = ?3`,
    write: `INSERT INTO category_text (category_id, locale, name, description)
            SELECT id, ?2, ?4 ->> '$.name', ?4 ->> '$.description' FROM category WHERE site_id = ?1 AND id = ?3
            ON CONFLICT (category_id, locale) DO UPDATE SET name = excluded.name, description = excluded.description`,
  },
  boilerplate: {
    read: `SELECT json_object('text', text) AS fields FROM boilerplate WHERE site_id = ?1 AND locale = ?2 AND key = ?3`,
    write: `INSERT INTO boilerplate (site_id, key, locale, text) VALUES (?1, ?3, ?2, ?4 ->> '$.text')
            ON CONFLICT (site_id, key, locale) DO UPDATE SET text = excluded.text`,
  },
  bank: {
    read: `SELECT json_object('questions', json(b.questions)) AS fields FROM ecm_bank b JOIN course c ON c.id = b.course_id
           WHERE c.site_id = ?1 AND b.locale = ?2 AND b.course_id = ?3`,
    write: `INSERT INTO ecm_bank (course_id, locale, questions, updated_at)
            SELECT id, ?2, json(?4 -> '$.questions'), CAST(unixepoch('subsec') * 1000 AS INTEGER) FROM course WHERE site_id = ?1 AND id = ?3
            ON CONFLICT (course_id, locale) DO UPDATE SET questions = excluded.questions, updated_at = excluded.updated_at`,
  },
};

function pageSql(kind: 'content' | 'pf' | 'repository') {
  return {
    read: `SELECT json_object('title', title, 'description', description, 'body', json(body)) AS fields FROM page
           WHERE site_id = ?1 AND locale = ?2 AND kind = '${kind}' AND slug = ?3`,
    write: `INSERT INTO page (site_id, locale, kind, slug, title, description, body, tiles, updated_at)
            VALUES (?1, ?2, '${kind}', ?3, ?4 ->> '$.title', ?4 ->> '$.description', json(?4 -> '$.body'), NULL, ?5)
            ON CONFLICT (site_id, locale, kind, slug) DO UPDATE SET title = excluded.title, description = excluded.description, body = excluded.body, updated_at = excluded.updated_at`,
  };
}

const liveStatement = (db: D1Database, ref: DocumentRef) => db.prepare(LIVE[ref.kind].read).bind(ref.siteId, ref.locale, ref.key);

/** Whether the document exists in any locale: a course, category or string to translate, or a page. */
export async function documentExists(db: D1Database, ref: Omit<DocumentRef, 'locale'>): Promise<boolean> {
  const sql: Record<DocumentKind, string> = {
    content: `SELECT 1 FROM page WHERE site_id = ?1 AND kind = 'content' AND slug = ?2`,
    pf: `SELECT 1 FROM page WHERE site_id = ?1 AND kind = 'pf' AND slug = ?2`,
    repository: `SELECT 1 FROM page WHERE site_id = ?1 AND kind = 'repository' AND slug = ?2`,
    course: 'SELECT 1 FROM course WHERE site_id = ?1 AND id = ?2',
    category: 'SELECT 1 FROM category WHERE site_id = ?1 AND id = ?2',
    boilerplate: 'SELECT 1 FROM boilerplate WHERE site_id = ?1 AND key = ?2',
    bank: 'SELECT 1 FROM course c JOIN ecm_course e ON e.course_id = c.id WHERE c.site_id = ?1 AND c.id = ?2 AND c.ecm_credits IS NOT NULL',
  };
  return (await db.prepare(`${sql[ref.kind]} LIMIT 1`).bind(ref.siteId, ref.key).first()) !== null;
}

export async function readLive(db: D1Database, ref: DocumentRef): Promise<DocumentFields | null> {
  const row = await liveStatement(db, ref).first<{ fields: string }>();
  return row ? (JSON.parse(row.fields) as DocumentFields) : null;
}

const AUTHOR = "u.first_name || ' ' || u.last_name AS author";

interface DraftRow {
  locale: string;
  kind: DocumentKind;
  key: string;
  fields: string;
  author: string;
  updated_at: number;
}

const toDraft = (row: DraftRow): Draft => ({
  locale: row.locale,
  kind: row.kind,
  key: row.key,
  fields: JSON.parse(row.fields) as DocumentFields,
  author: row.author,
  updatedAt: new Date(row.updated_at).toISOString(),
});

export async function loadEditorView(db: D1Database, ref: DocumentRef): Promise<EditorView> {
  const args = [ref.siteId, ref.locale, ref.kind, ref.key];
  const [live, draft, versions] = await db.batch<Record<string, unknown>>([
    liveStatement(db, ref),
    db
      .prepare(`SELECT d.locale, d.kind, d.key, d.fields, d.updated_at, ${AUTHOR} FROM cms_draft d JOIN user u ON u.id = d.author_id WHERE d.site_id = ? AND d.locale = ? AND d.kind = ? AND d.key = ?`)
      .bind(...args),
    db
      .prepare(
        `SELECT v.id, v.fields, v.created_at, v.status, ${AUTHOR} FROM cms_version v JOIN user u ON u.id = v.author_id
         WHERE v.site_id = ? AND v.locale = ? AND v.kind = ? AND v.key = ? ORDER BY v.id DESC LIMIT 50`,
      )
      .bind(...args),
  ]);
  const liveRow = live?.results[0] as { fields: string } | undefined;
  const draftRow = draft?.results[0] as DraftRow | undefined;
  return {
    live: liveRow ? (JSON.parse(liveRow.fields) as DocumentFields) : null,
    draft: draftRow ? toDraft(draftRow) : null,
    versions: ((versions?.results ?? []) as unknown as { id: number; fields: string; created_at: number; status: Version['status']; author: string }[]).map((row) => ({
      id: row.id,
      fields: JSON.parse(row.fields) as DocumentFields,
      author: row.author,
      createdAt: new Date(row.created_at).toISOString(),
      status: row.status,
    })),
  };
}

/** Every draft of a locale (or of the site): what CMS and tester mode show in place of the live text. */
export async function listDrafts(db: D1Database, siteId: string, locale: string | null): Promise<Draft[]> {
  const { results } = await db
    .prepare(`SELECT d.locale, d.kind, d.key, d.fields, d.updated_at, ${AUTHOR} FROM cms_draft d JOIN user u ON u.id = d.author_id WHERE d.site_id = ?1 AND (?2 IS NULL OR d.locale = ?2) ORDER BY d.updated_at DESC LIMIT 500`)
    .bind(siteId, locale)
    .all<DraftRow>();
  return results.map(toDraft);
}

/** Saves a draft and records it as a version, together. */
export async function saveDraft(db: D1Database, ref: DocumentRef, fields: DocumentFields, authorId: string, now: number, event: D1PreparedStatement): Promise<void> {
  const json = JSON.stringify(fields);
  await db.batch([
    db
      .prepare(
        `INSERT INTO cms_draft (site_id, locale, kind, key, fields, author_id, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (site_id, locale, kind, key) DO UPDATE SET fields = excluded.fields, author_id = excluded.author_id, updated_at = excluded.updated_at`,
      )
      .bind(ref.siteId, ref.locale, ref.kind, ref.key, json, authorId, now),
    db.prepare("INSERT INTO cms_version (site_id, locale, kind, key, fields, author_id, created_at, status) VALUES (?, ?, ?, ?, ?, ?, ?, 'draft')").bind(ref.siteId, ref.locale, ref.kind, ref.key, json, authorId, now),
    event,
  ]);
}

/** Drops a draft (its versions stay in the history), with its audit event. */
export async function discardDraft(db: D1Database, ref: DocumentRef, event: D1PreparedStatement): Promise<void> {
  await db.batch([
    db.prepare('DELETE FROM cms_draft WHERE site_id = ? AND locale = ? AND kind = ? AND key = ?').bind(ref.siteId, ref.locale, ref.kind, ref.key),
    event,
  ]);
}

export async function findVersion(db: D1Database, siteId: string, id: number): Promise<(DocumentRef & { fields: DocumentFields }) | null> {
  const row = await db
    .prepare('SELECT site_id, locale, kind, key, fields FROM cms_version WHERE site_id = ? AND id = ?')
    .bind(siteId, id)
    .first<{ site_id: string; locale: string; kind: DocumentKind; key: string; fields: string }>();
  return row ? { siteId: row.site_id, locale: row.locale, kind: row.kind, key: row.key, fields: JSON.parse(row.fields) as DocumentFields } : null;
}

/**
 * Publishes every draft of the site: the live texts change, the replaced text is kept as a
 * version, the audit events are written and a build request is queued, all in one batch:
 * nothing half-published.
 */
export async function publishDrafts(
  db: D1Database,
  siteId: string,
  userId: string,
  now: number,
  events: (draft: Draft) => D1PreparedStatement[],
): Promise<{ requestId: number; documents: number }> {
  const drafts = await listDrafts(db, siteId, null);
  const live = drafts.length ? await db.batch<{ fields: string }>(drafts.map((draft) => liveStatement(db, { siteId, ...draft }))) : [];
  const version = db.prepare('INSERT INTO cms_version (site_id, locale, kind, key, fields, author_id, created_at, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const statements = drafts.flatMap((draft, i) => {
    const before = live[i]?.results[0]?.fields;
    const fields = JSON.stringify(draft.fields);
    return [
      ...(before ? [version.bind(siteId, draft.locale, draft.kind, draft.key, before, userId, now, 'live-before')] : []),
      // Only pages keep an update time; D1 refuses more bindings than a statement uses.
      db.prepare(LIVE[draft.kind].write).bind(siteId, draft.locale, draft.key, fields, ...(PAGE_KINDS.includes(draft.kind) ? [now] : [])),
      version.bind(siteId, draft.locale, draft.kind, draft.key, fields, userId, now, 'published'),
      ...events(draft),
    ];
  });
  const results = await db.batch<{ id: number }>([
    ...statements,
    db.prepare('DELETE FROM cms_draft WHERE site_id = ?').bind(siteId),
    db.prepare("INSERT INTO build_request (site_id, requested_by, requested_at, status) VALUES (?, ?, ?, 'queued') RETURNING id").bind(siteId, userId, now),
  ]);
  return { requestId: Number(results.at(-1)?.results[0]?.id ?? 0), documents: drafts.length };
}

export interface BuildRequest {
  id: number;
  status: 'queued' | 'building' | 'live' | 'failed';
  runner: 'local' | 'hook';
  requestedBy: string;
  requestedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  buildId: string | null;
  error: string | null;
}

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

const BUILD_COLUMNS = `b.id, b.status, b.runner, b.requested_at, b.started_at, b.finished_at, b.build_id, b.error, ${AUTHOR}`;

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

export async function findBuildRequest(db: D1Database, siteId: string, id: number): Promise<BuildRequest | null> {
  const row = await db.prepare(`SELECT ${BUILD_COLUMNS} FROM build_request b JOIN user u ON u.id = b.requested_by WHERE b.site_id = ? AND b.id = ?`).bind(siteId, id).first<BuildRow>();
  return row ? toBuild(row) : null;
}

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
    .prepare("UPDATE build_request SET status = 'building', started_at = ? WHERE id = (SELECT id FROM build_request WHERE status = 'queued' ORDER BY id LIMIT 1) RETURNING id, site_id")
    .bind(now)
    .first<{ id: number; site_id: string }>();
  return row ? { id: row.id, siteId: row.site_id } : null;
}

/** A request handed to a deploy hook: building once the hook accepted it, failed with the reason if not. */
export async function markHandedToHook(db: D1Database, id: number, outcome: { accepted: boolean; error?: string }, now: number): Promise<void> {
  await db
    .prepare("UPDATE build_request SET runner = 'hook', status = ?, started_at = ?, finished_at = ?, error = ? WHERE id = ? AND status = 'queued'")
    .bind(outcome.accepted ? 'building' : 'failed', now, outcome.accepted ? null : now, outcome.error?.slice(0, 2000) ?? null, id)
    .run();
}

/** Ends a build: live with its build id, or failed with the reason. Requests queued meanwhile ride on it. */
export async function finishBuildRequest(db: D1Database, id: number, outcome: { status: 'live' | 'failed'; buildId?: string; error?: string }, now: number): Promise<void> {
  await db
    .prepare("UPDATE build_request SET status = ?, finished_at = ?, build_id = ?, error = ? WHERE id = ? AND status = 'building'")
    .bind(outcome.status, now, outcome.buildId ?? null, outcome.error?.slice(0, 2000) ?? null, id)
    .run();
}
