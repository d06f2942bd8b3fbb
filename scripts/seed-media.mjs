// Puts the demo's course media (seed/media/) into the local MEDIA bucket, in the same state folder
// as the local D1. A wrangler call takes a second or two, so the files are put only when the
// bucket has not had this version of them yet: a note in the state folder (gone with the state
// itself) records what was put. A file changed in seed/media/ is put again.
// `npx node scripts/seed-media.mjs --remote` puts them all in the production bucket (README, deploy).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { declaredType, isMediaType, servedContentType } from '../core/media/kinds.ts';
import { STATE_DIR, wrangler } from './local-env.mjs';

export const MEDIA_SEED_DIR = 'seed/media';
const BUCKET = 'tiles-media';

/** The Content-Type a seed file is stored with (R2 httpMetadata): what the Worker answers with, as for an upload. */
export function contentTypeOf(name) {
  const type = declaredType(name, '');
  return isMediaType(type) ? servedContentType(type) : 'application/octet-stream';
}

export function seedMedia(stateDir = STATE_DIR) {
  const note = join(stateDir, 'media-seeded.json');
  const files = readdirSync(MEDIA_SEED_DIR).sort();
  const wanted = Object.fromEntries(
    files.map((name) => [
      name,
      createHash('sha256')
        .update(readFileSync(join(MEDIA_SEED_DIR, name)))
        .digest('hex'),
    ]),
  );
  const put = existsSync(note) ? JSON.parse(readFileSync(note, 'utf8')) : {};
  const missing = files.filter((name) => put[name] !== wanted[name]);
  for (const name of missing) {
    const args = ['r2', 'object', 'put', `${BUCKET}/${name}`, '--file', join(MEDIA_SEED_DIR, name), '--content-type', contentTypeOf(name)];
    wrangler([...args, '--local', '--persist-to', stateDir], { capture: true });
    // Written after each file: an interrupted seed puts only what is still missing next time.
    put[name] = wanted[name];
    writeFileSync(note, `${JSON.stringify(put, null, 2)}\n`);
  }
  console.log(missing.length ? `Course media put in the local R2 bucket: ${missing.join(', ')}.` : 'Course media already in the local R2 bucket.');
}

/** Every demo file into the production bucket, with the type an upload would give it. */
function seedRemoteMedia() {
  for (const name of readdirSync(MEDIA_SEED_DIR).sort()) {
    wrangler(['r2', 'object', 'put', `${BUCKET}/${name}`, '--file', join(MEDIA_SEED_DIR, name), '--content-type', contentTypeOf(name), '--remote']);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--remote')) seedRemoteMedia();
  else seedMedia();
}
