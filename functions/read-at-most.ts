/**
 * The body, or null once it passes `limit` bytes: reading stops there, so no more than `limit` is
 * ever held. The stream is left unlocked for the caller to deal with the rest: a refused page post
 * drops it while its answer goes out (src/server/page-post-guard.ts `discardRest`), a CSV upload
 * cancels it (functions/people/csv-file.ts).
 */
export async function readAtMost(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
