import type { ReadableStream as R2Body } from '@cloudflare/workers-types';
import { SNIFF_BYTES } from '../../core/media/sniff.ts';

/** A part's bytes on their way to R2, and the piping that feeds them (it fails if the client sends fewer or more). */
export interface PartStream {
  /** As R2's binding types it (the DOM's and workerd's stream types differ only on paper). */
  stream: R2Body;
  piped: Promise<void>;
}

/**
 * Exactly `length` bytes of `body` as a stream of known length (R2 takes no other), passed
 * through chunk by chunk as they arrive: a part is never held whole. Pumped here rather than by
 * `pipeTo`, which in workerd leaves rejections unhandled when the client drops mid-part; a chunk
 * at a time costs a few hundred iterations per part.
 */
export function partStream(body: ReadableStream<Uint8Array>, length: number, start: Uint8Array[] = []): PartStream {
  const fixed = new FixedLengthStream(length);
  const piped = (async () => {
    const writer = fixed.writable.getWriter();
    const reader = body.getReader();
    try {
      for (const chunk of start) await writer.write(chunk);
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        await writer.write(value);
      }
      await writer.close();
    } catch (error) {
      await writer.abort(error).catch(() => undefined);
      throw error;
    }
  })();
  return { stream: fixed.readable as unknown as R2Body, piped };
}

/**
 * The first bytes of a file's first part (enough to tell its type, or the whole part if shorter)
 * read off its body, and the chunks they came in, to send on first. The body stays unlocked, so
 * a refused part can still be drained.
 */
export async function readStart(body: ReadableStream<Uint8Array>, length: number): Promise<{ head: Uint8Array; chunks: Uint8Array[] }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let read = 0;
  try {
    while (read < Math.min(SNIFF_BYTES, length)) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      read += value.byteLength;
    }
  } finally {
    reader.releaseLock();
  }
  const head = new Uint8Array(read);
  let offset = 0;
  for (const chunk of chunks) {
    head.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { head: head.subarray(0, SNIFF_BYTES), chunks };
}
