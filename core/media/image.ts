import { ascii, isPadding, startsWith, uint16be, uint24le, uint32be, uint32le, type ByteReader } from './bytes.ts';
import type { MediaType } from './kinds.ts';
import { refused, type StructureVerdict } from './verdict.ts';

const IEND = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];
/** JPEG segments before the frame header: APPn (EXIF, ICC profiles) are the large ones, 64 KiB at most each. */
const MAX_JPEG_SEGMENTS = 256;
/** Start-of-frame markers: every SOFn but DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** A PNG, JPEG or WebP image: whole to its end marker or stated size, and its width and height. */
export async function inspectImage(type: MediaType, read: ByteReader, size: number): Promise<StructureVerdict> {
  if (type === 'image/png') return inspectPng(read, size);
  if (type === 'image/jpeg') return inspectJpeg(read, size);
  return inspectWebp(read, size);
}

/** PNG: the IHDR chunk first (width, height), the IEND chunk last. */
async function inspectPng(read: ByteReader, size: number): Promise<StructureVerdict> {
  if (size < 8 + 25 + IEND.length) return refused('truncated');
  const header = await read(8, 24);
  if (ascii(header, 4, 4) !== 'IHDR') return refused('malformed');
  if (!startsWith(await read(size - IEND.length, IEND.length), IEND)) return refused('truncated');
  return { ok: true, width: uint32be(header, 8), height: uint32be(header, 12) };
}

/** JPEG: segments from the start to the frame header (width, height); the end-of-image marker last, bar padding. */
async function inspectJpeg(read: ByteReader, size: number): Promise<StructureVerdict> {
  const tail = await read(Math.max(0, size - 64), Math.min(64, size));
  let end = tail.length;
  while (end > 0 && isPadding(tail.subarray(end - 1, end))) end--;
  if (end < 2 || tail[end - 2] !== 0xff || tail[end - 1] !== 0xd9) return refused('truncated');
  let offset = 2;
  for (let count = 0; count < MAX_JPEG_SEGMENTS && offset + 4 <= size; count++) {
    const segment = await read(offset, 9);
    if (segment[0] !== 0xff) return refused('malformed');
    const marker = segment[1] ?? 0;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (isStartOfFrame(marker)) return segment.length < 9 ? refused('truncated') : { ok: true, height: uint16be(segment, 5), width: uint16be(segment, 7) };
    if (marker === 0xda || marker === 0xd9) return refused('malformed');
    offset += 2 + uint16be(segment, 2);
  }
  return refused(offset + 4 > size ? 'truncated' : 'malformed');
}

/** WebP: a RIFF file whose stated size is the file's, and a VP8, VP8L or VP8X chunk with the canvas size. */
async function inspectWebp(read: ByteReader, size: number): Promise<StructureVerdict> {
  const header = await read(0, 30);
  if (header.length < 30) return refused('truncated');
  const stated = uint32le(header, 4) + 8;
  if (stated > size) return refused('truncated');
  if (stated < size) return refused('malformed');
  const chunk = ascii(header, 12, 4);
  if (chunk === 'VP8 ') return { ok: true, width: uint16le14(header, 26), height: uint16le14(header, 28) };
  if (chunk === 'VP8L') {
    const bits = uint32le(header, 21);
    return { ok: true, width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { ok: true, width: uint24le(header, 24) + 1, height: uint24le(header, 27) + 1 };
  return refused('malformed');
}

const uint16le14 = (bytes: Uint8Array, offset: number) => ((bytes[offset] ?? 0) | ((bytes[offset + 1] ?? 0) << 8)) & 0x3fff;
