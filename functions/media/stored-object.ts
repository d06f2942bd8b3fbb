import type { R2Bucket } from '@cloudflare/workers-types';
import { blockReader, type ByteReader } from '../../core/media/bytes.ts';

/**
 * A stored object read in ranges, for the media checks: a few small reads, whatever the file's
 * size, and none past its end.
 */
export function objectReader(bucket: R2Bucket, key: string, size: number): ByteReader {
  return blockReader(async (offset, length) => {
    const object = await bucket.get(key, { range: { offset, length } });
    if (!object) throw new Error(`media object ${key} is gone`);
    return new Uint8Array(await object.arrayBuffer());
  }, size);
}
