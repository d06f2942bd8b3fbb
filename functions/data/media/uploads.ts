import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import type { MediaType } from '../../../core/media/kinds.ts';

/** An upload in parts under way: where R2 keeps its parts, what was declared, which parts arrived. */
export interface Upload {
  id: string;
  siteId: string;
  r2Key: string;
  r2UploadId: string;
  targetKey: string;
  replaces: boolean;
  name: string;
  type: MediaType;
  size: number;
  fingerprint: string;
  partSize: number;
  startedBy: string;
  startedAt: number;
  updatedAt: number;
  completingAt: number | null;
}

export interface UploadPart {
  number: number;
  size: number;
  etag: string;
}

interface UploadRow {
  id: string;
  site_id: string;
  r2_key: string;
  r2_upload_id: string;
  target_key: string;
  replaces: number;
  name: string;
  type: MediaType;
  size: number;
  fingerprint: string;
  part_size: number;
  started_by: string;
  started_at: number;
  updated_at: number;
  completing_at: number | null;
}

const fromRow = (row: UploadRow): Upload => ({
  id: row.id,
  siteId: row.site_id,
  r2Key: row.r2_key,
  r2UploadId: row.r2_upload_id,
  targetKey: row.target_key,
  replaces: row.replaces === 1,
  name: row.name,
  type: row.type,
  size: row.size,
  fingerprint: row.fingerprint,
  partSize: row.part_size,
  startedBy: row.started_by,
  startedAt: row.started_at,
  updatedAt: row.updated_at,
  completingAt: row.completing_at,
});

export async function createUpload(db: D1Database, upload: Omit<Upload, 'updatedAt' | 'completingAt'>): Promise<void> {
  await db
    .prepare(
      `INSERT INTO media_upload (id, site_id, r2_key, r2_upload_id, target_key, replaces, name, type, size, fingerprint, part_size, started_by, started_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?13)`,
    )
    .bind(
      upload.id,
      upload.siteId,
      upload.r2Key,
      upload.r2UploadId,
      upload.targetKey,
      upload.replaces ? 1 : 0,
      upload.name,
      upload.type,
      upload.size,
      upload.fingerprint,
      upload.partSize,
      upload.startedBy,
      upload.startedAt,
    )
    .run();
}

export async function findUpload(db: D1Database, siteId: string, id: string): Promise<Upload | null> {
  const row = await db.prepare('SELECT * FROM media_upload WHERE site_id = ? AND id = ?').bind(siteId, id).first<UploadRow>();
  return row ? fromRow(row) : null;
}

/** An editor's uploads not finished yet, oldest first: what they may resume. */
export async function listUploadsBy(db: D1Database, siteId: string, userId: string): Promise<Upload[]> {
  const { results } = await db
    .prepare('SELECT * FROM media_upload WHERE site_id = ? AND started_by = ? ORDER BY started_at')
    .bind(siteId, userId)
    .all<UploadRow>();
  return results.map(fromRow);
}

export async function listParts(db: D1Database, uploadId: string): Promise<UploadPart[]> {
  const { results } = await db.prepare('SELECT number, size, etag FROM media_upload_part WHERE upload_id = ? ORDER BY number').bind(uploadId).all<UploadPart>();
  return results;
}

/** The parts of several uploads at once, by upload. */
export async function listPartsOf(db: D1Database, uploadIds: string[]): Promise<Map<string, UploadPart[]>> {
  const parts = new Map<string, UploadPart[]>(uploadIds.map((id) => [id, []]));
  if (!uploadIds.length) return parts;
  const { results } = await db
    .prepare('SELECT upload_id, number, size, etag FROM media_upload_part WHERE upload_id IN (SELECT value FROM json_each(?)) ORDER BY number')
    .bind(JSON.stringify(uploadIds))
    .all<UploadPart & { upload_id: string }>();
  for (const { upload_id: id, ...part } of results) parts.get(id)?.push(part);
  return parts;
}

/**
 * Records a part R2 has (a part sent again replaces the earlier one, as R2 does), unless the
 * upload is gone or being completed meanwhile: false then, and the part is of no upload.
 */
export async function recordPart(db: D1Database, uploadId: string, part: UploadPart, now: number): Promise<boolean> {
  const [recorded] = await db.batch([
    db
      .prepare(
        `INSERT INTO media_upload_part (upload_id, number, size, etag, received_at)
         SELECT ?1, ?2, ?3, ?4, ?5 WHERE EXISTS (SELECT 1 FROM media_upload WHERE id = ?1 AND completing_at IS NULL)
         ON CONFLICT (upload_id, number) DO UPDATE SET size = excluded.size, etag = excluded.etag, received_at = excluded.received_at`,
      )
      .bind(uploadId, part.number, part.size, part.etag, now),
    db.prepare('UPDATE media_upload SET updated_at = ?2 WHERE id = ?1').bind(uploadId, now),
  ]);
  return (recorded?.meta.changes ?? 0) > 0;
}

/**
 * Takes the upload for completing: one request at a time checks and completes it. A claim older
 * than `staleBefore` (a request that died) may be taken again.
 */
export async function claimCompletion(db: D1Database, uploadId: string, now: number, staleBefore: number): Promise<boolean> {
  const { meta } = await db
    .prepare('UPDATE media_upload SET completing_at = ?2 WHERE id = ?1 AND (completing_at IS NULL OR completing_at < ?3)')
    .bind(uploadId, now, staleBefore)
    .run();
  return meta.changes > 0;
}

/** Lets go of a claim, when completing stopped for a reason that leaves the upload to resume (parts missing). */
export async function releaseCompletion(db: D1Database, uploadId: string): Promise<void> {
  await db.prepare('UPDATE media_upload SET completing_at = NULL WHERE id = ?').bind(uploadId).run();
}

/** The upload's rows gone: statements, for the batch that also records what became of it. */
export function removeUploadStatements(db: D1Database, uploadId: string): D1PreparedStatement[] {
  return [db.prepare('DELETE FROM media_upload_part WHERE upload_id = ?').bind(uploadId), db.prepare('DELETE FROM media_upload WHERE id = ?').bind(uploadId)];
}

export async function removeUpload(db: D1Database, uploadId: string): Promise<void> {
  await db.batch(removeUploadStatements(db, uploadId));
}

/** Uploads no part reached since `before` (a closed tab, a lost laptop), oldest first, at most `limit`. */
export async function idleUploads(db: D1Database, before: number, limit: number): Promise<Upload[]> {
  const { results } = await db.prepare('SELECT * FROM media_upload WHERE updated_at < ? ORDER BY updated_at LIMIT ?').bind(before, limit).all<UploadRow>();
  return results.map(fromRow);
}

/** Whether a library file has this key: an object there is the library's, never an abandoned upload's. */
export async function isLibraryKey(db: D1Database, key: string): Promise<boolean> {
  return (await db.prepare('SELECT 1 FROM media WHERE key = ?').bind(key).first()) !== null;
}
