import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import type { MediaUse } from '../../../core/contracts/media.ts';
import type { MediaKind, MediaType } from '../../../core/media/kinds.ts';

export type { MediaUse };

/** A file of the library as stored: what its bytes are and who put it there. */
export interface StoredMedia {
  key: string;
  siteId: string;
  name: string;
  type: MediaType;
  kind: MediaKind;
  size: number;
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
  etag: string;
  uploadedAt: number;
  uploadedBy: string | null;
  /** The uploader's name, as the library lists it. */
  uploaderName: string | null;
  replacedAt: number | null;
  /** A SCORM package's own title (its manifest's), null for other files. */
  packageTitle: string | null;
}

interface MediaRow {
  key: string;
  site_id: string;
  name: string;
  type: MediaType;
  kind: MediaKind;
  size: number;
  duration_seconds: number | null;
  width: number | null;
  height: number | null;
  etag: string;
  uploaded_at: number;
  uploaded_by: string | null;
  uploader_name: string | null;
  replaced_at: number | null;
  package_title: string | null;
}

const SELECT_MEDIA = `SELECT m.key, m.site_id, m.name, m.type, m.kind, m.size, m.duration_seconds, m.width, m.height, m.etag, m.uploaded_at, m.uploaded_by,
    CASE WHEN u.id IS NULL THEN NULL ELSE trim(u.first_name || ' ' || u.last_name) END AS uploader_name, m.replaced_at, p.title AS package_title
  FROM media m LEFT JOIN user u ON u.id = m.uploaded_by LEFT JOIN scorm_package p ON p.media_key = m.key AND p.site_id = m.site_id`;

const fromRow = (row: MediaRow): StoredMedia => ({
  key: row.key,
  siteId: row.site_id,
  name: row.name,
  type: row.type,
  kind: row.kind,
  size: row.size,
  durationSeconds: row.duration_seconds,
  width: row.width,
  height: row.height,
  etag: row.etag,
  uploadedAt: row.uploaded_at,
  uploadedBy: row.uploaded_by,
  uploaderName: row.uploader_name,
  replacedAt: row.replaced_at,
  packageTitle: row.package_title,
});

/** The site's library, newest first. */
export async function listMedia(db: D1Database, siteId: string): Promise<StoredMedia[]> {
  const { results } = await db.prepare(`${SELECT_MEDIA} WHERE m.site_id = ? ORDER BY m.uploaded_at DESC, m.key`).bind(siteId).all<MediaRow>();
  return results.map(fromRow);
}

export async function findMedia(db: D1Database, siteId: string, key: string): Promise<StoredMedia | null> {
  const row = await db.prepare(`${SELECT_MEDIA} WHERE m.site_id = ? AND m.key = ?`).bind(siteId, key).first<MediaRow>();
  return row ? fromRow(row) : null;
}

/** A checked file's facts, as an upload or a replacement records them. */
export type MediaFactsRow = Pick<StoredMedia, 'key' | 'siteId' | 'name' | 'type' | 'kind' | 'size' | 'durationSeconds' | 'width' | 'height' | 'etag'>;

/** A new file of the library (a statement: it goes in the batch that closes its upload). */
export function insertMediaStatement(db: D1Database, media: MediaFactsRow, userId: string | null, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO media (key, site_id, name, type, kind, size, duration_seconds, width, height, etag, uploaded_at, uploaded_by)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)`,
    )
    .bind(media.key, media.siteId, media.name, media.type, media.kind, media.size, media.durationSeconds, media.width, media.height, media.etag, now, userId);
}

/** New bytes at a file's address: its facts are the new file's, its address and first upload stay. */
export function replaceMediaStatement(db: D1Database, media: MediaFactsRow, now: number): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE media SET name = ?3, type = ?4, kind = ?5, size = ?6, duration_seconds = ?7, width = ?8, height = ?9, etag = ?10, replaced_at = ?11
       WHERE key = ?1 AND site_id = ?2`,
    )
    .bind(media.key, media.siteId, media.name, media.type, media.kind, media.size, media.durationSeconds, media.width, media.height, media.etag, now);
}

export function deleteMediaStatement(db: D1Database, siteId: string, key: string): D1PreparedStatement {
  return db.prepare('DELETE FROM media WHERE site_id = ? AND key = ?').bind(siteId, key);
}

export interface AddressedUse {
  /** The `/media/{key}` address used. */
  address: string;
  use: MediaUse;
}

interface UseRow {
  source: 'session' | 'draft';
  address: string;
  course_id: string | null;
  module_number: number | null;
  number: number | null;
  role: 'media' | 'poster' | 'captions' | 'body' | null;
  course_title: string | null;
  session_title: string | null;
  draft_kind: string | null;
  draft_key: string | null;
  draft_locale: string | null;
}

/**
 * Where the site's `/media/` addresses are used (all of them, or one when `address` is given):
 * live sessions not removed (the video or PDF, the poster, each locale's captions, an image or a
 * linked file of a text in any locale), and drafts whose fields hold the address anywhere (a course outline,
 * a session's text, a page). Titles are in `locale`, else the site's default, else the id.
 */
export async function listMediaUses(db: D1Database, siteId: string, locale: string, address: string | null = null): Promise<AddressedUse[]> {
  const { results } = await db
    .prepare(
      `WITH live_session AS (
         SELECT s.* FROM session s JOIN course c ON c.id = s.course_id WHERE c.site_id = ?1 AND s.removed_at IS NULL
       ),
       used AS (
         SELECT course_id, module_number, number, 'media' AS role, media_url AS address FROM live_session WHERE media_url LIKE '/media/%'
         UNION SELECT course_id, module_number, number, 'poster', poster_url FROM live_session WHERE poster_url LIKE '/media/%'
         UNION SELECT s.course_id, s.module_number, s.number, 'captions', j.value FROM live_session s, json_each(s.captions) j
           WHERE json_valid(s.captions) AND j.type = 'text' AND j.value LIKE '/media/%'
         UNION SELECT t.course_id, t.module_number, t.number, 'body', j.value FROM session_text t
           JOIN live_session s ON s.course_id = t.course_id AND s.module_number = t.module_number AND s.number = t.number, json_tree(t.body) j
           WHERE json_valid(t.body) AND j.key IN ('src', 'href') AND j.type = 'text' AND j.value LIKE '/media/%'
       )
       SELECT 'session' AS source, u.address, u.course_id, u.module_number, u.number, u.role,
         (SELECT title FROM course_text WHERE course_id = u.course_id ORDER BY locale = ?2 DESC, locale = (SELECT default_locale FROM site WHERE id = ?1) DESC LIMIT 1) AS course_title,
         (SELECT title FROM session_text WHERE course_id = u.course_id AND module_number = u.module_number AND number = u.number
           ORDER BY locale = ?2 DESC, locale = (SELECT default_locale FROM site WHERE id = ?1) DESC LIMIT 1) AS session_title,
         NULL AS draft_kind, NULL AS draft_key, NULL AS draft_locale
       FROM used u WHERE ?3 IS NULL OR u.address = ?3
       UNION ALL
       SELECT DISTINCT 'draft', t.value, NULL, NULL, NULL, NULL, NULL, NULL, d.kind, d.key, d.locale
       FROM cms_draft d, json_tree(d.fields) t
       WHERE d.site_id = ?1 AND json_valid(d.fields) AND t.type = 'text' AND t.value LIKE '/media/%' AND (?3 IS NULL OR t.value = ?3)
       ORDER BY 1 DESC, 3, 4, 5, 9, 10, 11`,
    )
    .bind(siteId, locale, address)
    .all<UseRow>();
  return results.map((row) => ({
    address: row.address,
    use:
      row.source === 'session'
        ? {
            source: 'session',
            courseId: row.course_id ?? '',
            courseTitle: row.course_title ?? row.course_id ?? '',
            module: row.module_number ?? 0,
            session: row.number ?? 0,
            sessionTitle: row.session_title ?? '',
            role: row.role ?? 'media',
          }
        : { source: 'draft', kind: row.draft_kind ?? '', key: row.draft_key ?? '', locale: row.draft_locale ?? '' },
  }));
}
