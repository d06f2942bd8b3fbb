import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import type { ScormItem, ScormVersion } from '../../../core/scorm/manifest.ts';

/** A checked, unpacked package, as the player and the file server read it. */
export interface StoredPackage {
  mediaKey: string;
  version: ScormVersion;
  prefix: string;
  launch: string;
  title: string;
  items: ScormItem[];
  files: number;
  bytes: number;
}

export interface PackageRow extends StoredPackage {
  siteId: string;
  unpackedAt: number;
}

/** The package's row, new or replacing the last unpacking's (the media row's statement goes in the same batch, before it). */
export function upsertPackageStatement(db: D1Database, row: PackageRow): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO scorm_package (media_key, site_id, version, prefix, launch, title, items, files, bytes, unpacked_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (media_key) DO UPDATE SET version = excluded.version, prefix = excluded.prefix, launch = excluded.launch, title = excluded.title,
         items = excluded.items, files = excluded.files, bytes = excluded.bytes, unpacked_at = excluded.unpacked_at`,
    )
    .bind(row.mediaKey, row.siteId, row.version, row.prefix, row.launch, row.title, JSON.stringify(row.items), row.files, row.bytes, row.unpackedAt);
}

export async function findPackagePrefix(db: D1Database, mediaKey: string): Promise<string | null> {
  return (await db.prepare('SELECT prefix FROM scorm_package WHERE media_key = ?').bind(mediaKey).first<{ prefix: string }>())?.prefix ?? null;
}

/** What `storedPackage` reads of a `scorm_package p` row. */
const PACKAGE_COLUMNS = 'p.media_key, p.version, p.prefix, p.launch, p.title, p.items, p.files, p.bytes';

interface SessionPackageRow {
  media_key: string;
  version: ScormVersion;
  prefix: string;
  launch: string;
  title: string;
  items: string;
  files: number;
  bytes: number;
}

/**
 * The package a live session of the site holds now (its `media_url` is the package's library
 * address), or null: not a SCORM session, removed, or a package not checked.
 */
export async function findSessionPackage(
  db: D1Database,
  siteId: string,
  courseId: string,
  moduleNumber: number,
  number: number,
): Promise<StoredPackage | null> {
  const row = await db
    .prepare(
      `SELECT ${PACKAGE_COLUMNS} FROM session s
       JOIN course c ON c.id = s.course_id AND c.site_id = ?1
       JOIN scorm_package p ON '/media/' || p.media_key = s.media_url AND p.site_id = ?1
       WHERE s.course_id = ?2 AND s.module_number = ?3 AND s.number = ?4 AND s.kind = 'scorm' AND s.removed_at IS NULL`,
    )
    .bind(siteId, courseId, moduleNumber, number)
    .first<SessionPackageRow>();
  return row ? storedPackage(row) : null;
}

/**
 * The package a session of a course not yet published holds in its draft outline (editors' and
 * testers' preview), or null: no draft, not a SCORM session, or a package not checked.
 */
export async function findDraftSessionPackage(
  db: D1Database,
  siteId: string,
  courseId: string,
  moduleNumber: number,
  number: number,
): Promise<StoredPackage | null> {
  const row = await db
    .prepare(
      `SELECT ${PACKAGE_COLUMNS}
       FROM cms_draft d, json_each(d.fields, '$.modules') m, json_each(m.value, '$.sessions') s
       JOIN scorm_package p ON '/media/' || p.media_key = json_extract(s.value, '$.media') AND p.site_id = ?1
       WHERE d.site_id = ?1 AND d.kind = 'outline' AND d.key = ?2
         AND json_extract(m.value, '$.number') = ?3 AND json_extract(s.value, '$.number') = ?4 AND json_extract(s.value, '$.kind') = 'scorm'
       LIMIT 1`,
    )
    .bind(siteId, courseId, moduleNumber, number)
    .first<SessionPackageRow>();
  return row ? storedPackage(row) : null;
}

function storedPackage(row: SessionPackageRow): StoredPackage {
  return {
    mediaKey: row.media_key,
    version: row.version,
    prefix: row.prefix,
    launch: row.launch,
    title: row.title,
    items: JSON.parse(row.items) as ScormItem[],
    files: row.files,
    bytes: row.bytes,
  };
}
