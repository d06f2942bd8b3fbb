// Puts the demo's course media (seed/media/) into the local MEDIA bucket, in the same state folder
// as the local D1. The files are put only when the bucket has not had this version of them yet: a
// note in the state folder (gone with the state itself) records what was put. A file changed in
// seed/media/ is put again.
// `npx node scripts/seed-media.mjs --remote` puts them all in the production bucket (README, deploy).
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { declaredType, isMediaType, servedContentType } from '../core/media/kinds.ts';
import { packageFileType } from '../core/scorm/file-types.ts';
import { SEED_UNPACK } from '../core/scorm/package-path.ts';
import { STATE_DIR, wrangler } from './local-env.mjs';

export const MEDIA_SEED_DIR = 'seed/media';
const BUCKET = 'tiles-media';

/** The Content-Type a seed file is stored with (R2 httpMetadata): what the Worker answers with, as for an upload. */
export function contentTypeOf(name) {
  const type = declaredType(name, '');
  return isMediaType(type) ? servedContentType(type) : 'application/octet-stream';
}

/**
 * The demo's media into the local bucket through the platform proxy (scripts/prepare-db.mjs), one
 * process for all of them: a wrangler call each took two seconds or more, a minute for the demo.
 */
export async function seedMedia(bucket, stateDir = STATE_DIR) {
  const note = join(stateDir, 'media-seeded.json');
  const files = readdirSync(MEDIA_SEED_DIR).sort();
  const contents = new Map(files.map((name) => [name, readFileSync(join(MEDIA_SEED_DIR, name))]));
  const wanted = Object.fromEntries(files.map((name) => [name, createHash('sha256').update(contents.get(name)).digest('hex')]));
  const put = existsSync(note) ? JSON.parse(readFileSync(note, 'utf8')) : {};
  const missing = files.filter((name) => put[name] !== wanted[name]);
  for (const name of missing) {
    await bucket.put(name, contents.get(name), { httpMetadata: { contentType: contentTypeOf(name) } });
    // Written after each file: an interrupted seed puts only what is still missing next time.
    put[name] = wanted[name];
    writeFileSync(note, `${JSON.stringify(put, null, 2)}\n`);
  }
  console.log(missing.length ? `Course media put in the local R2 bucket: ${missing.join(', ')}.` : 'Course media already in the local R2 bucket.');
}

/**
 * The files of the demo's SCORM packages (the zips of seed/media/), each with the key and type an
 * upload's unpacking gives it, under the prefix the seed's scorm_package rows name (seed/areas/media.ts).
 */
export function packageFiles() {
  return readdirSync(MEDIA_SEED_DIR)
    .filter((name) => name.endsWith('.zip'))
    .sort()
    .flatMap((name) =>
      Object.entries(unzipSync(new Uint8Array(readFileSync(join(MEDIA_SEED_DIR, name)))))
        .filter(([path]) => !path.endsWith('/'))
        .map(([path, bytes]) => ({ key: `scorm/${name}/${SEED_UNPACK}/${path}`, bytes, type: packageFileType(path) })),
    );
}

/**
 * The packages' files into the local bucket through the platform proxy (scripts/prepare-db.mjs):
 * one process for all of them rather than a wrangler call each. A file already there is left.
 */
export async function seedPackageFiles(bucket) {
  let put = 0;
  for (const file of packageFiles()) {
    if (await bucket.head(file.key)) continue;
    await bucket.put(file.key, file.bytes, { httpMetadata: { contentType: file.type } });
    put += 1;
  }
  console.log(put ? `SCORM demo packages unpacked in the local R2 bucket (${put} files).` : 'SCORM demo packages already unpacked in the local R2 bucket.');
}

/** Every demo file into the production bucket, with the type an upload would give it, the packages' files too. */
function seedRemoteMedia() {
  for (const name of readdirSync(MEDIA_SEED_DIR).sort()) {
    wrangler(['r2', 'object', 'put', `${BUCKET}/${name}`, '--file', join(MEDIA_SEED_DIR, name), '--content-type', contentTypeOf(name), '--remote']);
  }
  const unpacked = mkdtempSync(join(tmpdir(), 'tiles-scorm-'));
  for (const [index, file] of packageFiles().entries()) {
    const path = join(unpacked, String(index));
    writeFileSync(path, file.bytes);
    wrangler(['r2', 'object', 'put', `${BUCKET}/${file.key}`, '--file', path, '--content-type', file.type, '--remote']);
  }
}

if (import.meta.url === `file://${process.argv[1]}` && process.argv.includes('--remote')) seedRemoteMedia();
