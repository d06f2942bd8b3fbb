import type { R2Bucket } from '@cloudflare/workers-types';
import type { Reader } from 'unzipit';

/** Reads are served from one cached block of this size: a package's small files and their headers sit together. */
const BLOCK = 256 * 1024;

/**
 * A stored zip as the zip library reads it (unzipit's Reader): ranged reads of the R2 object, never
 * the whole file. Small reads and small entries' data come from the last block read, so a package
 * of many small files costs about one R2 read per block, not several per file; a large entry's
 * data is R2's ranged stream, passed through.
 */
export function packageReader(bucket: R2Bucket, key: string, size: number): Reader {
  let cached: { offset: number; bytes: Uint8Array<ArrayBuffer> } | null = null;
  const ranged = async (offset: number, length: number) => {
    const object = await bucket.get(key, { range: { offset, length } });
    if (!object) throw new Error(`package ${key} is gone`);
    return object;
  };
  const read = async (offset: number, length: number): Promise<Uint8Array<ArrayBuffer>> => {
    if (length === 0) return new Uint8Array(0);
    if (offset < 0 || offset + length > size) throw new Error(`read past the end of ${key}`);
    if (!cached || offset < cached.offset || offset + length > cached.offset + cached.bytes.length) {
      const wanted = Math.min(Math.max(length, BLOCK), size - offset);
      cached = { offset, bytes: new Uint8Array(await (await ranged(offset, wanted)).arrayBuffer()) };
    }
    return cached.bytes.slice(offset - cached.offset, offset - cached.offset + length);
  };
  return {
    getLength: async () => size,
    read,
    readStream: async (offset, length) => {
      if (length <= BLOCK) {
        const bytes = await read(offset, length);
        return new ReadableStream<Uint8Array>({
          start(controller) {
            if (bytes.length) controller.enqueue(bytes);
            controller.close();
          },
        });
      }
      return (await ranged(offset, length)).body as unknown as ReadableStream<Uint8Array>;
    },
  };
}
