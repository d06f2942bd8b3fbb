import { isLibraryKey, removeUpload, type Upload } from '../data/media/uploads.ts';
import type { Env } from '../env.ts';

/**
 * Leaves nothing of an upload: R2's parts (the multipart upload aborted), the object if it was
 * completed (a file that failed its checks), and its rows. An object the library already names is
 * never touched. R2's answers to an upload already gone are ignored: the aim is that nothing stays.
 */
export async function discardUpload(env: Pick<Env, 'DB' | 'MEDIA'>, upload: Upload): Promise<void> {
  await env.MEDIA.resumeMultipartUpload(upload.r2Key, upload.r2UploadId)
    .abort()
    .catch(() => undefined);
  if (!(await isLibraryKey(env.DB, upload.r2Key))) await env.MEDIA.delete(upload.r2Key);
  await removeUpload(env.DB, upload.id);
}
