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
