import { idleUploads } from '../data/media/uploads.ts';
import type { Env } from '../env.ts';
import { discardUpload } from './discard-upload.ts';

/** An upload no part reached for a day is abandoned (a closed laptop, a lost file): the hourly cron discards it. */
export const UPLOAD_IDLE_MS = 24 * 60 * 60_000;
/** Uploads discarded per run: each is a few R2 and D1 calls, within a cron's budget; the next hour takes the rest. */
const PER_RUN = 50;

/** Aborts abandoned uploads: R2's parts, an object that failed mid-check, their rows. Returns how many. */
export async function discardIdleUploads(env: Pick<Env, 'DB' | 'MEDIA'>, now: number): Promise<number> {
  const uploads = await idleUploads(env.DB, now - UPLOAD_IDLE_MS, PER_RUN);
  for (const upload of uploads) await discardUpload(env, upload);
  return uploads.length;
}
