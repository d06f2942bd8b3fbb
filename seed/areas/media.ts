// The media library's rows for the demo's files (seed/media/), SCORM packages included.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ArrayBufferReader } from 'unzipit';
import { bufferReader } from '../../core/media/bytes.ts';
import { checkMedia } from '../../core/media/check.ts';
import { declaredType } from '../../core/media/kinds.ts';
import { SEED_UNPACK } from '../../core/scorm/package-path.ts';
import { inspectPackage } from '../../functions/scorm/accept-package.ts';
import { insert, row, SEED_DIR, SITE_ID } from './seed-sql.ts';

/** The demo's media directory: its files go in the MEDIA bucket (scripts/seed-media.mjs) and in the library. */
const MEDIA_SEED_DIR = join(SEED_DIR, 'media');

/**
 * The library's rows for the demo's media (seed/media/), as an upload would write them: each file
 * checked by its bytes with the API's own checks (its type, a video's true duration, an image's
 * size) and R2's ETag of a single put, the MD5 of its bytes. A file that fails stops the seed.
 */
export async function mediaSql(): Promise<string> {
  const rows: string[] = [];
  const packages: string[] = [];
  for (const name of readdirSync(MEDIA_SEED_DIR).sort()) {
    const bytes = new Uint8Array(readFileSync(join(MEDIA_SEED_DIR, name)));
    const facts = await checkMedia(declaredType(name, ''), bytes.length, bufferReader(bytes));
    if (!facts.ok) throw new Error(`seed/media/${name} fails its checks: ${facts.problem}`);
    const etag = createHash('md5').update(bytes).digest('hex');
    rows.push(row(name, SITE_ID, name, facts.type, facts.kind, bytes.length, facts.durationSeconds, facts.width, facts.height, etag, Date.now(), null));
    if (facts.kind !== 'package') continue;
    // A SCORM package is checked as an upload is; scripts/seed-media.mjs puts its files under the same prefix.
    const inspected = await inspectPackage(new ArrayBufferReader(bytes));
    if (!inspected.ok) throw new Error(`seed/media/${name} fails its checks: ${inspected.problem} ${inspected.detail ?? ''}`);
    const { manifest, files } = inspected;
    packages.push(
      row(
        name,
        SITE_ID,
        manifest.version,
        `scorm/${name}/${SEED_UNPACK}/`,
        manifest.items[0]?.launch ?? '',
        manifest.title,
        JSON.stringify(manifest.items),
        files.length,
        files.reduce((sum, entry) => sum + entry.size, 0),
        Date.now(),
      ),
    );
  }
  return (
    insert('media', 'key, site_id, name, type, kind, size, duration_seconds, width, height, etag, uploaded_at, uploaded_by', rows) +
    insert('scorm_package', 'media_key, site_id, version, prefix, launch, title, items, files, bytes, unpacked_at', packages)
  );
}
