/**
 * Reads `length` bytes of a file from `offset` (fewer only past its end): a stored object's ranged
 * read on the server, a buffer in tests and the seed. The media checks read through it, a few
 * bytes at a time, so a file of gigabytes is never held whole.
 */
export type ByteReader = (offset: number, length: number) => Promise<Uint8Array>;

/** A reader over bytes already in memory. */
export const bufferReader =
  (bytes: Uint8Array): ByteReader =>
  async (offset, length) =>
    bytes.subarray(offset, offset + length);

export const ascii = (bytes: Uint8Array, offset = 0, length = bytes.length - offset): string => String.fromCharCode(...bytes.subarray(offset, offset + length));

export const startsWith = (bytes: Uint8Array, prefix: readonly number[], offset = 0): boolean => prefix.every((byte, i) => bytes[offset + i] === byte);

export const uint16be = (bytes: Uint8Array, offset: number): number => ((bytes[offset] ?? 0) << 8) | (bytes[offset + 1] ?? 0);

export const uint24le = (bytes: Uint8Array, offset: number): number =>
  (bytes[offset] ?? 0) | ((bytes[offset + 1] ?? 0) << 8) | ((bytes[offset + 2] ?? 0) << 16);

export const uint32be = (bytes: Uint8Array, offset: number): number => (uint16be(bytes, offset) * 0x10000 + uint16be(bytes, offset + 2)) >>> 0;

export const uint32le = (bytes: Uint8Array, offset: number): number => (uint24le(bytes, offset) + (bytes[offset + 3] ?? 0) * 0x1000000) >>> 0;

/** A 64-bit big-endian number; exact up to 2^53, which no file size reaches. */
export const uint64be = (bytes: Uint8Array, offset: number): number => uint32be(bytes, offset) * 0x100000000 + uint32be(bytes, offset + 4);

/** Whether `bytes` are only the padding a file may end with: white space and NULs. */
export const isPadding = (bytes: Uint8Array): boolean => bytes.every((byte) => byte === 0 || byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d);

/**
 * A reader over a file of `size` bytes that never asks past its end (ranged reads of a stored
 * object answer a range past the end with the whole object) and fetches at least `block` bytes at
 * a time, answering later reads inside them from memory: a file's headers sit close together.
 */
export function blockReader(read: ByteReader, size: number, block = 16 * 1024): ByteReader {
  let cached: { offset: number; bytes: Uint8Array } | null = null;
  return async (offset, length) => {
    const wanted = Math.max(0, Math.min(length, size - offset));
    if (wanted === 0 || offset < 0) return new Uint8Array();
    if (cached && offset >= cached.offset && offset + wanted <= cached.offset + cached.bytes.length) {
      return cached.bytes.subarray(offset - cached.offset, offset - cached.offset + wanted);
    }
    const bytes = await read(offset, Math.min(Math.max(wanted, block), size - offset));
    cached = { offset, bytes };
    return bytes.subarray(0, wanted);
  };
}
