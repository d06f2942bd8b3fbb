import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import { PAGE_KINDS, type DocumentFields, type DocumentKind } from '../../../core/cms-document.ts';
import { parseStructureKey } from '../../../core/course-outline.ts';
import { documentRevision } from '../../../core/document-revision.ts';
import type { Draft, EditorView, Version } from '../../../core/contracts/cms.ts';

export type { Draft, EditorView, Version };
import { eventStatement } from '../events.ts';
import { AS_READ, CATEGORIES_SQL, KEY_COURSE, KEY_MODULE, KEY_SESSION, OUTLINE_SQL } from './structure-sql.ts';

export interface DocumentRef {
  siteId: string;
  locale: string;
  kind: DocumentKind;
  key: string;
}

/**
 * The live text of each kind, read as one JSON object of the kind's fields, how a published
 * draft is written back, and how a text that did not exist before a failed publish is removed
 * again. Parameters: ?1 site, ?2 locale, ?3 key, ?4 the fields as JSON (?5 the time, pages only).
 * A structure kind writes several statements, each holding `${AS_READ}` where a publish makes it
 * conditional on the draft being still as read (`publishWrite`).
 */
const LIVE: Record<DocumentKind, { read: string; write: string | readonly string[]; remove: string }> = {
  content: pageSql('content'),
  pf: pageSql('pf'),
  repository: pageSql('repository'),
  course: {
    read: `SELECT json_object('title', t.title, 'summary', t.summary, 'description', t.description) AS fields FROM course_text t JOIN course c ON c.id = t.course_id
           WHERE c.site_id = ?1 AND t.locale = ?2 AND t.course_id = ?3`,
    write: `INSERT INTO course_text (course_id, locale, title, summary, description)
            SELECT id, ?2, ?4 ->> '$.title', ?4 ->> '$.summary', ?4 ->> '$.description' FROM course WHERE site_id = ?1 AND id = ?3
            ON CONFLICT (course_id, locale) DO UPDATE SET title = excluded.title, summary = excluded.summary, description = excluded.description`,
    remove: `DELETE FROM course_text WHERE locale = ?2 AND course_id = (SELECT id FROM course WHERE site_id = ?1 AND id = ?3)`,
  },
  category: {
    read: `SELECT json_object('name', t.name, 'description', t.description) AS fields FROM category_text t JOIN category c ON c.id = t.category_id
           WHERE c.site_id = ?1 AND t.locale = ?2 AND t.category_id = ?3`,
    write: `INSERT INTO category_text (category_id, locale, name, description)
            SELECT id, ?2, ?4 ->> '$.name', ?4 ->> '$.description' FROM category WHERE site_id = ?1 AND id = ?3
            ON CONFLICT (category_id, locale) DO UPDATE SET name = excluded.name, description = excluded.description`,
    remove: `DELETE FROM category_text WHERE locale = ?2 AND category_id = (SELECT id FROM category WHERE site_id = ?1 AND id = ?3)`,
  },
  boilerplate: {
    read: `SELECT json_object('text', text) AS fields FROM boilerplate WHERE site_id = ?1 AND locale = ?2 AND key = ?3`,
    write: `INSERT INTO boilerplate (site_id, key, locale, text) VALUES (?1, ?3, ?2, ?4 ->> '$.text')
            ON CONFLICT (site_id, key, locale) DO UPDATE SET text = excluded.text`,
    remove: `DELETE FROM boilerplate WHERE site_id = ?1 AND locale = ?2 AND key = ?3`,
  },
  bank: {
    read: `SELECT json_object('questions', json(b.questions)) AS fields FROM ecm_bank b JOIN course c ON c.id = b.course_id
           WHERE c.site_id = ?1 AND b.locale = ?2 AND b.course_id = ?3`,
    write: `INSERT INTO ecm_bank (course_id, locale, questions, updated_at)
            SELECT id, ?2, json(?4 -> '$.questions'), CAST(unixepoch('subsec') * 1000 AS INTEGER) FROM course WHERE site_id = ?1 AND id = ?3
            ON CONFLICT (course_id, locale) DO UPDATE SET questions = excluded.questions, updated_at = excluded.updated_at`,
    remove: `DELETE FROM ecm_bank WHERE locale = ?2 AND course_id = (SELECT id FROM course WHERE site_id = ?1 AND id = ?3)`,
  },
  outline: OUTLINE_SQL,
  module: {
    read: `SELECT json_object('title', t.title) AS fields FROM module_text t JOIN course c ON c.id = t.course_id
           WHERE c.site_id = ?1 AND t.locale = ?2 AND t.course_id = ${KEY_COURSE} AND t.number = ${KEY_MODULE}`,
    write: `INSERT INTO module_text (course_id, number, locale, title)
            SELECT m.course_id, m.number, ?2, ?4 ->> '$.title' FROM module m JOIN course c ON c.id = m.course_id
            WHERE c.site_id = ?1 AND m.course_id = ${KEY_COURSE} AND m.number = ${KEY_MODULE}
            ON CONFLICT (course_id, number, locale) DO UPDATE SET title = excluded.title`,
    remove: `DELETE FROM module_text WHERE locale = ?2 AND course_id = (SELECT id FROM course WHERE site_id = ?1 AND id = ${KEY_COURSE}) AND number = ${KEY_MODULE}`,
  },
  session: {
    read: `SELECT json_object('title', t.title, 'body', CASE WHEN json_valid(t.body) THEN json(t.body) ELSE json_array(json_object('type', 'p', 'text', t.body)) END) AS fields
           FROM session_text t JOIN course c ON c.id = t.course_id
           WHERE c.site_id = ?1 AND t.locale = ?2 AND t.course_id = ${KEY_COURSE} AND t.module_number = ${KEY_MODULE} AND t.number = ${KEY_SESSION}`,
    write: `INSERT INTO session_text (course_id, module_number, number, locale, title, body)
            SELECT s.course_id, s.module_number, s.number, ?2, ?4 ->> '$.title', json(?4 -> '$.body') FROM session s JOIN course c ON c.id = s.course_id
            WHERE c.site_id = ?1 AND s.course_id = ${KEY_COURSE} AND s.module_number = ${KEY_MODULE} AND s.number = ${KEY_SESSION}
            ON CONFLICT (course_id, module_number, number, locale) DO UPDATE SET title = excluded.title, body = excluded.body`,
    remove: `DELETE FROM session_text WHERE locale = ?2 AND course_id = (SELECT id FROM course WHERE site_id = ?1 AND id = ${KEY_COURSE})
             AND module_number = ${KEY_MODULE} AND number = ${KEY_SESSION}`,
  },
  categories: CATEGORIES_SQL,
};

function pageSql(kind: 'content' | 'pf' | 'repository') {
  return {
    read: `SELECT json_object('title', title, 'description', description, 'body', json(body)) AS fields FROM page
           WHERE site_id = ?1 AND locale = ?2 AND kind = '${kind}' AND slug = ?3`,
    write: `INSERT INTO page (site_id, locale, kind, slug, title, description, body, tiles, updated_at)
            VALUES (?1, ?2, '${kind}', ?3, ?4 ->> '$.title', ?4 ->> '$.description', json(?4 -> '$.body'), NULL, ?5)
            ON CONFLICT (site_id, locale, kind, slug) DO UPDATE SET title = excluded.title, description = excluded.description, body = excluded.body, updated_at = excluded.updated_at`,
    remove: `DELETE FROM page WHERE site_id = ?1 AND locale = ?2 AND kind = '${kind}' AND slug = ?3`,
  };
}

const liveStatement = (db: D1Database, ref: DocumentRef) => db.prepare(LIVE[ref.kind].read).bind(ref.siteId, ref.locale, ref.key);

/** An outline draft of the site (?1) for the course ?2, as a row source `d`. */
const OUTLINE_DRAFT = "cms_draft d WHERE d.site_id = ?1 AND d.kind = 'outline' AND d.key = ?2";

/**
 * Whether the document exists in any locale: a course, category, module, session or string to
 * translate, or a page. A course, module or session that a course's outline draft adds exists as
 * soon as the draft does (its texts are drafted before the first publish), and a category as soon
 * as the categories draft lists it. Parameters: ?1 site, ?2 course or key, ?3 module, ?4 session.
 */
export async function documentExists(db: D1Database, ref: Omit<DocumentRef, 'locale'>): Promise<boolean> {
  const draftModules = `SELECT 1 FROM ${OUTLINE_DRAFT.replace(' WHERE', ", json_each(d.fields, '$.modules') m WHERE")} AND m.value ->> '$.number' = ?3`;
  const sql: Record<DocumentKind, string> = {
    content: `SELECT 1 FROM page WHERE site_id = ?1 AND kind = 'content' AND slug = ?2`,
    pf: `SELECT 1 FROM page WHERE site_id = ?1 AND kind = 'pf' AND slug = ?2`,
    repository: `SELECT 1 FROM page WHERE site_id = ?1 AND kind = 'repository' AND slug = ?2`,
    course: `SELECT 1 FROM course WHERE site_id = ?1 AND id = ?2 UNION ALL SELECT 1 FROM ${OUTLINE_DRAFT}`,
    outline: `SELECT 1 FROM course WHERE site_id = ?1 AND id = ?2 UNION ALL SELECT 1 FROM ${OUTLINE_DRAFT}`,
    category: `SELECT 1 FROM category WHERE site_id = ?1 AND id = ?2
               UNION ALL SELECT 1 FROM cms_draft d, json_each(d.fields, '$.order') j WHERE d.site_id = ?1 AND d.kind = 'categories' AND j.value = ?2`,
    categories: `SELECT 1 WHERE ?2 = 'catalogue'`,
    boilerplate: 'SELECT 1 FROM boilerplate WHERE site_id = ?1 AND key = ?2',
    bank: 'SELECT 1 FROM course c JOIN ecm_course e ON e.course_id = c.id WHERE c.site_id = ?1 AND c.id = ?2 AND c.ecm_credits IS NOT NULL',
    module: `SELECT 1 FROM module m JOIN course c ON c.id = m.course_id WHERE c.site_id = ?1 AND m.course_id = ?2 AND m.number = ?3 AND m.removed_at IS NULL
             UNION ALL ${draftModules}`,
    session: `SELECT 1 FROM session s JOIN course c ON c.id = s.course_id
              WHERE c.site_id = ?1 AND s.course_id = ?2 AND s.module_number = ?3 AND s.number = ?4 AND s.removed_at IS NULL
              UNION ALL ${draftModules.replace('m WHERE', "m, json_each(m.value, '$.sessions') s WHERE")} AND s.value ->> '$.number' = ?4`,
  };
  const parsed = ref.kind === 'module' || ref.kind === 'session' ? parseStructureKey(ref.key) : null;
  const args = parsed ? [parsed.courseId, parsed.module, parsed.session ?? 0] : [ref.key, 0, 0];
  const query = sql[ref.kind];
  // D1 refuses more bindings than a statement uses.
  const used = Math.max(...[...query.matchAll(/\?(\d)/g)].map((match) => Number(match[1])));
  return (
    (await db
      .prepare(`SELECT 1 FROM (${query}) LIMIT 1`)
      .bind(...[ref.siteId, ...args].slice(0, used))
      .first()) !== null
  );
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
      .prepare(
        `SELECT d.locale, d.kind, d.key, d.fields, d.updated_at, ${AUTHOR} FROM cms_draft d JOIN user u ON u.id = d.author_id WHERE d.site_id = ? AND d.locale = ? AND d.kind = ? AND d.key = ?`,
      )
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
  const liveFields = liveRow ? (JSON.parse(liveRow.fields) as DocumentFields) : null;
  const draftView = draftRow ? toDraft(draftRow) : null;
  return {
    live: liveFields,
    draft: draftView,
    revision: await documentRevision(draftView?.fields ?? liveFields),
    versions: ((versions?.results ?? []) as unknown as { id: number; fields: string; created_at: number; status: Version['status']; author: string }[]).map(
      (row) => ({
        id: row.id,
        fields: JSON.parse(row.fields) as DocumentFields,
        author: row.author,
        createdAt: new Date(row.created_at).toISOString(),
        status: row.status,
      }),
    ),
  };
}

/** Every draft of a locale (or of the site): what CMS and tester mode show in place of the live text. */
export async function listDrafts(db: D1Database, siteId: string, locale: string | null): Promise<Draft[]> {
  const { results } = await db
    .prepare(
      `SELECT d.locale, d.kind, d.key, d.fields, d.updated_at, ${AUTHOR} FROM cms_draft d JOIN user u ON u.id = d.author_id WHERE d.site_id = ?1 AND (?2 IS NULL OR d.locale = ?2) ORDER BY d.updated_at DESC LIMIT 500`,
    )
    .bind(siteId, locale)
    .all<DraftRow>();
  return results.map(toDraft);
}

/** A draft's row and the version that records it. */
function draftStatements(db: D1Database, ref: DocumentRef, fields: DocumentFields, authorId: string, now: number): D1PreparedStatement[] {
  const json = JSON.stringify(fields);
  return [
    db
      .prepare(
        `INSERT INTO cms_draft (site_id, locale, kind, key, fields, author_id, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (site_id, locale, kind, key) DO UPDATE SET fields = excluded.fields, author_id = excluded.author_id, updated_at = excluded.updated_at`,
      )
      .bind(ref.siteId, ref.locale, ref.kind, ref.key, json, authorId, now),
    db
      .prepare("INSERT INTO cms_version (site_id, locale, kind, key, fields, author_id, created_at, status) VALUES (?, ?, ?, ?, ?, ?, ?, 'draft')")
      .bind(ref.siteId, ref.locale, ref.kind, ref.key, json, authorId, now),
  ];
}

/** Saves a draft and records it as a version, together. */
export async function saveDraft(
  db: D1Database,
  ref: DocumentRef,
  fields: DocumentFields,
  authorId: string,
  now: number,
  event: D1PreparedStatement,
): Promise<void> {
  await db.batch([...draftStatements(db, ref, fields, authorId, now), event]);
}

/** A document as a save found it before checking its base: the draft's row (text and update time) and the live text, as stored. */
export interface SaveBase {
  draft: { fields: string; updatedAt: number } | null;
  live: string | null;
}

export async function readSaveBase(db: D1Database, ref: DocumentRef): Promise<SaveBase> {
  const [draft, live] = await db.batch<{ fields: string; updated_at?: number }>([
    db
      .prepare('SELECT fields, updated_at FROM cms_draft WHERE site_id = ? AND locale = ? AND kind = ? AND key = ?')
      .bind(ref.siteId, ref.locale, ref.kind, ref.key),
    liveStatement(db, ref),
  ]);
  const draftRow = draft?.results[0];
  return {
    draft: draftRow ? { fields: draftRow.fields, updatedAt: Number(draftRow.updated_at) } : null,
    live: live?.results[0]?.fields ?? null,
  };
}

/** The text a save's base names: the draft's, else the live one, else none. */
export const baseFields = (base: SaveBase): DocumentFields | null => JSON.parse(base.draft?.fields ?? base.live ?? 'null') as DocumentFields | null;

/**
 * True while the document is as a save read it (`readSaveBase`): the same draft row (update time
 * and text), or no draft and the same live text. A draft a publish put live since is the same text
 * too: no draft, and the newest text a publish put live is the very one read (the live tables'
 * JSON is not the draft's byte for byte; the batch's own version is a 'draft' one). Parameters: ?1
 * site, ?2 locale, ?3 key, ?4 kind, ?8 and ?9 the draft's update time and text (null: there was
 * none), ?10 the live text.
 */
const asSaveRead = (kind: DocumentKind) => `CASE WHEN ?8 IS NULL
  THEN NOT EXISTS (SELECT 1 FROM cms_draft WHERE site_id = ?1 AND locale = ?2 AND kind = ?4 AND key = ?3)
       AND (SELECT fields FROM (${LIVE[kind].read})) IS ?10
  ELSE EXISTS (SELECT 1 FROM cms_draft WHERE site_id = ?1 AND locale = ?2 AND kind = ?4 AND key = ?3 AND updated_at = ?8 AND fields = ?9)
    OR (NOT EXISTS (SELECT 1 FROM cms_draft WHERE site_id = ?1 AND locale = ?2 AND kind = ?4 AND key = ?3)
        AND (SELECT fields = ?9 FROM cms_version WHERE site_id = ?1 AND locale = ?2 AND kind = ?4 AND key = ?3 AND status = 'published' ORDER BY id DESC LIMIT 1)) END`;

/**
 * Saves a draft, its version and its audit event in one batch, only while the document is still as
 * `base` was read: false, and nothing written, when someone saved, discarded or published it
 * meanwhile. `event` is written only with the draft (an eventIfChangedStatement).
 */
export async function saveDraftOnBase(
  db: D1Database,
  ref: DocumentRef,
  fields: DocumentFields,
  authorId: string,
  now: number,
  base: SaveBase,
  event: D1PreparedStatement,
): Promise<boolean> {
  const args = [
    ref.siteId,
    ref.locale,
    ref.key,
    ref.kind,
    JSON.stringify(fields),
    authorId,
    now,
    base.draft?.updatedAt ?? null,
    base.draft?.fields ?? null,
    base.live,
  ];
  const unchanged = asSaveRead(ref.kind);
  const [, draft] = await db.batch([
    // First: the draft's write below changes what the condition reads.
    db
      .prepare(
        `INSERT INTO cms_version (site_id, locale, kind, key, fields, author_id, created_at, status) SELECT ?1, ?2, ?4, ?3, ?5, ?6, ?7, 'draft' WHERE ${unchanged}`,
      )
      .bind(...args),
    db
      .prepare(
        `INSERT INTO cms_draft (site_id, locale, kind, key, fields, author_id, updated_at) SELECT ?1, ?2, ?4, ?3, ?5, ?6, ?7 WHERE ${unchanged}
         ON CONFLICT (site_id, locale, kind, key) DO UPDATE SET fields = excluded.fields, author_id = excluded.author_id, updated_at = excluded.updated_at`,
      )
      .bind(...args),
    event,
  ]);
  return (draft?.meta.changes ?? 0) > 0;
}

/** Saves several drafts (a new course and its first texts, a copy of a course) with their events, in one batch. */
export async function saveDrafts(
  db: D1Database,
  drafts: readonly { ref: DocumentRef; fields: DocumentFields }[],
  authorId: string,
  now: number,
  events: readonly D1PreparedStatement[],
): Promise<void> {
  await db.batch([...drafts.flatMap(({ ref, fields }) => draftStatements(db, ref, fields, authorId, now)), ...events]);
}

/** Drops a draft (its versions stay in the history), with its audit event. */
export async function discardDraft(db: D1Database, ref: DocumentRef, event: D1PreparedStatement): Promise<void> {
  await db.batch([
    db.prepare('DELETE FROM cms_draft WHERE site_id = ? AND locale = ? AND kind = ? AND key = ?').bind(ref.siteId, ref.locale, ref.kind, ref.key),
    event,
  ]);
}

/**
 * Drops a draft with its audit event only while it is still the row a discard read (`readSaveBase`):
 * false, and nothing written, when someone saved over it meanwhile. `event` is an eventIfChangedStatement.
 */
export async function discardDraftOnBase(
  db: D1Database,
  ref: DocumentRef,
  draft: NonNullable<SaveBase['draft']>,
  event: D1PreparedStatement,
): Promise<boolean> {
  const [removed] = await db.batch([
    db
      .prepare('DELETE FROM cms_draft WHERE site_id = ? AND locale = ? AND kind = ? AND key = ? AND updated_at = ? AND fields = ?')
      .bind(ref.siteId, ref.locale, ref.kind, ref.key, draft.updatedAt, draft.fields),
    event,
  ]);
  return (removed?.meta.changes ?? 0) > 0;
}

export async function findVersion(db: D1Database, siteId: string, id: number): Promise<(DocumentRef & { fields: DocumentFields }) | null> {
  const row = await db
    .prepare('SELECT site_id, locale, kind, key, fields FROM cms_version WHERE site_id = ? AND id = ?')
    .bind(siteId, id)
    .first<{ site_id: string; locale: string; kind: DocumentKind; key: string; fields: string }>();
  return row ? { siteId: row.site_id, locale: row.locale, kind: row.kind, key: row.key, fields: JSON.parse(row.fields) as DocumentFields } : null;
}

/**
 * A draft as a publish read it: the stored JSON and update time exactly as read, so that the
 * publish writes that text and removes that row only if nobody saved over it meanwhile.
 */
export interface DraftToPublish extends Draft {
  storedFields: string;
  storedAt: number;
}

/** Every draft of the site, as a publish reads it before committing (`commitPublish`). */
export async function readDraftsToPublish(db: D1Database, siteId: string): Promise<DraftToPublish[]> {
  const { results } = await db
    .prepare(
      `SELECT d.locale, d.kind, d.key, d.fields, d.updated_at, ${AUTHOR} FROM cms_draft d JOIN user u ON u.id = d.author_id WHERE d.site_id = ? ORDER BY d.updated_at`,
    )
    .bind(siteId)
    .all<DraftRow>();
  return results.map((row) => ({ ...toDraft(row), storedFields: row.fields, storedAt: row.updated_at }));
}

/**
 * True while the draft (site ?1, locale ?2, key ?3) is still as a publish read it: its update time
 * and text in parameters `first` and `first + 1`.
 */
function draftAsRead(kind: DocumentKind, first: number): string {
  return `EXISTS (SELECT 1 FROM cms_draft WHERE site_id = ?1 AND locale = ?2 AND kind = '${kind}' AND key = ?3 AND updated_at = ?${first} AND fields = ?${first + 1})`;
}

/** A kind's live write statements, as a rollback runs them: unconditionally. */
const liveWrites = (kind: DocumentKind): string[] => {
  const { write } = LIVE[kind];
  return typeof write === 'string' ? [write] : write.map((statement) => statement.replace(AS_READ, '1'));
};

/** A kind's live writes, made conditional on the draft being still as read (its two parameters follow the write's own). */
function publishWrites(kind: DocumentKind): string[] {
  const { write } = LIVE[kind];
  const next = PAGE_KINDS.includes(kind) ? 6 : 5;
  if (typeof write !== 'string') return write.map((statement) => statement.replace(AS_READ, draftAsRead(kind, next)));
  const values = /VALUES \(([\s\S]*?)\)\s*\n(\s*ON CONFLICT)/;
  if (values.test(write)) return [write.replace(values, `SELECT $1 WHERE ${draftAsRead(kind, next)}\n$2`)];
  return [write.replace(/\n(\s*ON CONFLICT)/, ` AND ${draftAsRead(kind, next)}\n$1`)];
}

/**
 * Publishes the drafts a publish read (`readDraftsToPublish`): the live texts change, the replaced
 * text is kept as a version, the audit events are written and a build request is queued, all in
 * one batch (one transaction): nothing half-published. Only the draft rows still as they were read
 * are removed: a draft saved after the read stays a draft for the next publish, never lost. The
 * `live-before` versions are read in the same batch, so they hold what this publish replaced.
 * `requestEvent` comes right after the build request's insert, so it can name it (an
 * InsertedRowSubject); the versions name the request too, so that a failed build can be rolled
 * back (rollBackPublish). The build queue's other statements are in builds.ts.
 */
export async function commitPublish(
  db: D1Database,
  siteId: string,
  drafts: readonly DraftToPublish[],
  userId: string,
  now: number,
  events: (draft: Draft) => D1PreparedStatement[],
  requestEvent: D1PreparedStatement,
): Promise<{ requestId: number; documents: number }> {
  const removals = new Set<D1PreparedStatement>();
  const statements = drafts.flatMap((draft) => {
    // Every write is conditional on the draft still being as read: a draft saved over or discarded
    // since (by an editor, or put live by a publish that read it later) is left to that change.
    const before = db
      .prepare(
        `INSERT INTO cms_version (site_id, locale, kind, key, fields, author_id, created_at, status, request_id)
         SELECT ?1, ?2, ?4, ?3, fields, ?5, ?6, 'live-before', (SELECT max(id) FROM build_request) FROM (${LIVE[draft.kind].read}) WHERE ${draftAsRead(draft.kind, 7)}`,
      )
      .bind(siteId, draft.locale, draft.key, draft.kind, userId, now, draft.storedAt, draft.storedFields);
    const pageTime = PAGE_KINDS.includes(draft.kind) ? [now] : [];
    const remove = db
      .prepare('DELETE FROM cms_draft WHERE site_id = ? AND locale = ? AND kind = ? AND key = ? AND updated_at = ? AND fields = ?')
      .bind(siteId, draft.locale, draft.kind, draft.key, draft.storedAt, draft.storedFields);
    removals.add(remove);
    return [
      before,
      // Only pages keep an update time; D1 refuses more bindings than a statement uses.
      ...publishWrites(draft.kind).map((write) =>
        db.prepare(write).bind(siteId, draft.locale, draft.key, draft.storedFields, ...pageTime, draft.storedAt, draft.storedFields),
      ),
      db
        .prepare(
          `INSERT INTO cms_version (site_id, locale, kind, key, fields, author_id, created_at, status, request_id)
           SELECT ?1, ?2, ?4, ?3, ?5, ?6, ?7, 'published', (SELECT max(id) FROM build_request) WHERE ${draftAsRead(draft.kind, 8)}`,
        )
        .bind(siteId, draft.locale, draft.key, draft.kind, draft.storedFields, userId, now, draft.storedAt, draft.storedFields),
      // Last: the conditions above read the draft row this removes.
      remove,
      // Written only when the delete removed the draft (eventIfChangedStatement).
      ...events(draft),
    ];
  });
  // The request is the batch's first statement: within one transaction it has the highest id.
  const batch = [
    db.prepare("INSERT INTO build_request (site_id, requested_by, requested_at, status) VALUES (?, ?, ?, 'queued') RETURNING id").bind(siteId, userId, now),
    requestEvent,
    ...statements,
  ];
  const results = await db.batch<{ id: number }>(batch);
  // The documents published: those whose draft was still as read, and so removed.
  const documents = batch.filter((statement, i) => removals.has(statement) && (results[i]?.meta.changes ?? 0) > 0).length;
  return { requestId: Number(results[0]?.results[0]?.id ?? 0), documents };
}

/** A text a publish request put live ('published'), or the one it replaced ('live-before'). */
export interface PublishedVersion {
  locale: string;
  kind: DocumentKind;
  key: string;
  status: 'published' | 'live-before';
  /** The text, as stored JSON. */
  fields: string;
  authorId: string;
  /** A later publish put this document live again: the text is that publish's now. */
  superseded: boolean;
}

/** Every text a publish request put live or replaced, oldest first. */
export async function listPublishedVersions(db: D1Database, siteId: string, requestId: number): Promise<PublishedVersion[]> {
  const { results } = await db
    .prepare(
      `SELECT v.locale, v.kind, v.key, v.status, v.fields, v.author_id,
              EXISTS (SELECT 1 FROM cms_version w WHERE w.site_id = v.site_id AND w.kind = v.kind AND w.key = v.key AND w.locale = v.locale AND w.status = 'published' AND w.id > v.id) AS superseded
       FROM cms_version v WHERE v.site_id = ? AND v.request_id = ? AND v.status IN ('published', 'live-before') ORDER BY v.id`,
    )
    .bind(siteId, requestId)
    .all<Omit<PublishedVersion, 'authorId' | 'superseded'> & { author_id: string; superseded: number }>();
  return results.map(({ author_id, superseded, ...row }) => ({ ...row, authorId: author_id, superseded: superseded === 1 }));
}

/** The live text of each document, as stored JSON (null where there is none), in one batch. */
export async function readLiveTexts(db: D1Database, refs: DocumentRef[]): Promise<(string | null)[]> {
  if (refs.length === 0) return [];
  const live = await db.batch<{ fields: string }>(refs.map((ref) => liveStatement(db, ref)));
  return refs.map((_, i) => live[i]?.results[0]?.fields ?? null);
}

/** One document a rollback puts back: the text it replaced (or none: it was new), and the text it keeps as a draft. */
export interface RollbackStep {
  ref: DocumentRef;
  restore: string | null;
  draft: { fields: string; authorId: string };
}

/** Writes a rollback's steps and its audit event in one batch. */
export async function writeRollback(
  db: D1Database,
  steps: RollbackStep[],
  event: { siteId: string; requestId: number; requestedBy: string; now: number },
): Promise<void> {
  const { now } = event;
  const statements = steps.flatMap(({ ref, restore, draft }) => [
    ...(restore !== null
      ? liveWrites(ref.kind).map((write) => db.prepare(write).bind(ref.siteId, ref.locale, ref.key, restore, ...(PAGE_KINDS.includes(ref.kind) ? [now] : [])))
      : [db.prepare(LIVE[ref.kind].remove).bind(ref.siteId, ref.locale, ref.key)]),
    // A draft started since the publish is newer work: it stays.
    db
      .prepare(
        'INSERT INTO cms_draft (site_id, locale, kind, key, fields, author_id, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (site_id, locale, kind, key) DO NOTHING',
      )
      .bind(ref.siteId, ref.locale, ref.kind, ref.key, draft.fields, draft.authorId, now),
  ]);
  await db.batch([...statements, eventStatement(db, event.siteId, event.requestedBy, 'cms.site.rollback', `build#${event.requestId}`, now)]);
}
