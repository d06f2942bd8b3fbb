/**
 * EBML, the binary form of WebM and Matroska: each element is an ID and a size, both written as
 * variable-length integers (the count of leading zero bits of the first byte says how many bytes
 * follow), then the element's content.
 */

/** The EBML header's ID, every such file's first four bytes, and its DocType's (`webm`, `matroska`). */
export const EBML_ID = 0x1a45dfa3;
export const DOC_TYPE_ID = 0x4282;

/** A variable-length integer at `offset`: its value (marker bit kept for IDs, dropped for sizes) and length, or null if cut off or invalid. */
export function readVint(bytes: Uint8Array, offset: number, keepMarker: boolean): { value: number; length: number; allOnes: boolean } | null {
  const first = bytes[offset];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (offset + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = (first & (0xff >> length)) === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes[offset + i] ?? 0;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, length, allOnes };
}

export interface ElementHeader {
  id: number;
  /** The content's size in bytes, or null when the element says it is unknown (a live recording's Segment). */
  size: number | null;
  /** The header's own length: the content starts this many bytes after the element. */
  headerLength: number;
}

/** The element header at `offset` of `bytes`, or null if cut off. */
export function elementHeader(bytes: Uint8Array, offset: number): ElementHeader | null {
  const id = readVint(bytes, offset, true);
  if (!id || id.length > 4) return null;
  const size = readVint(bytes, offset + id.length, false);
  if (!size) return null;
  return { id: id.value, size: size.allOnes ? null : size.value, headerLength: id.length + size.length };
}

/** An unsigned integer element's content. */
export function uintOf(bytes: Uint8Array, offset: number, size: number): number {
  let value = 0;
  for (let i = 0; i < size; i++) value = value * 256 + (bytes[offset + i] ?? 0);
  return value;
}

/** A float element's content: 4 or 8 bytes, big-endian. */
export function floatOf(bytes: Uint8Array, offset: number, size: number): number | null {
  if (size !== 4 && size !== 8) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset + offset, size);
  return size === 4 ? view.getFloat32(0) : view.getFloat64(0);
}
