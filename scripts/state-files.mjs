// The files of the local state that hold people's data, as Miniflare lays them out under
// {state}/v3/: D1 (`d1/miniflare-D1DatabaseObject/*.sqlite`), the R2 buckets' indexes
// (`r2/miniflare-R2BucketObject/*.sqlite`) and their files (`r2/{bucket}/blobs/*`). Rate-limit
// counters, caches and logs are left out: they are rebuilt as the site runs.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const BACKUP_PARTS = ['d1', 'r2'];
const OBJECT_FOLDERS = { d1: 'miniflare-D1DatabaseObject', r2: 'miniflare-R2BucketObject' };

const list = (dir) => (existsSync(dir) ? readdirSync(dir).sort() : []);

/** The databases (by part) and bucket files of `stateDir`, with where each lives. */
export function stateFiles(stateDir) {
  const v3 = join(stateDir, 'v3');
  const databases = BACKUP_PARTS.flatMap((part) => {
    const dir = join(v3, part, OBJECT_FOLDERS[part]);
    return list(dir)
      .filter((name) => name.endsWith('.sqlite'))
      .map((name) => ({ part, name, path: join(dir, name), folder: join(part, OBJECT_FOLDERS[part]) }));
  });
  const blobs = list(join(v3, 'r2'))
    .filter((bucket) => bucket !== OBJECT_FOLDERS.r2)
    .flatMap((bucket) => list(join(v3, 'r2', bucket, 'blobs')).map((name) => ({ bucket, name, path: join(v3, 'r2', bucket, 'blobs', name) })));
  return { databases, blobs };
}

/** Where a part's databases go back to under `stateDir`. */
export function databaseFolder(stateDir, part) {
  return join(stateDir, 'v3', part, OBJECT_FOLDERS[part]);
}

/** Where a bucket's files go back to under `stateDir`. */
export function blobFolder(stateDir, bucket) {
  return join(stateDir, 'v3', 'r2', bucket, 'blobs');
}
