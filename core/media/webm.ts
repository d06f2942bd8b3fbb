import type { ByteReader } from './bytes.ts';
import { EBML_ID, elementHeader, floatOf, uintOf } from './ebml.ts';
import { refused, type StructureVerdict } from './verdict.ts';

const SEGMENT_ID = 0x18538067;
const INFO_ID = 0x1549a966;
const CLUSTER_ID = 0x1f43b675;
const TIMESTAMP_SCALE_ID = 0x2ad7b1;
const DURATION_ID = 0x4489;
/** An element header is at most 4 bytes of ID and 8 of size. */
const HEADER_BYTES = 12;
/** The EBML header and the segment's Info are small: a larger one is not a file of ours. */
const MAX_SMALL_ELEMENT = 64 * 1024;
/** Info comes before the first Cluster, after a SeekHead and perhaps Tracks and Tags. */
const MAX_SEGMENT_CHILDREN = 64;

/**
 * A WebM of `size` bytes: the EBML header (DocType `webm`), then the Segment. When the Segment
 * states its size (any file written to disk does; a live recording may not), it must end exactly
 * at the file's end: a cut upload ends short. The duration is the Segment Info's, in its timestamp
 * scale (nanoseconds per tick, a millisecond by default); a live recording may have none.
 */
export async function inspectWebm(read: ByteReader, size: number): Promise<StructureVerdict> {
  const start = await read(0, Math.min(HEADER_BYTES, size));
  const ebml = elementHeader(start, 0);
  if (!ebml || ebml.id !== EBML_ID) return refused(start.length < HEADER_BYTES ? 'truncated' : 'malformed');
  if (ebml.size === null || ebml.size > MAX_SMALL_ELEMENT) return refused('malformed');
  const headerEnd = ebml.headerLength + ebml.size;
  if (headerEnd + HEADER_BYTES > size) return refused('truncated');
  const at = await read(headerEnd, HEADER_BYTES);
  const segment = elementHeader(at, 0);
  if (!segment || segment.id !== SEGMENT_ID) return refused('malformed');
  const dataStart = headerEnd + segment.headerLength;
  if (segment.size !== null) {
    const end = dataStart + segment.size;
    if (end > size) return refused('truncated');
    if (end < size) return refused('malformed');
  }
  const info = await segmentInfo(read, dataStart, segment.size === null ? size : dataStart + segment.size);
  if (info === 'truncated' || info === 'malformed') return refused(info);
  return { ok: true, durationSeconds: info };
}

/** The Segment's Info: its duration in seconds, null if it states none. */
async function segmentInfo(read: ByteReader, start: number, end: number): Promise<number | null | 'truncated' | 'malformed'> {
  let offset = start;
  for (let count = 0; count < MAX_SEGMENT_CHILDREN && offset < end; count++) {
    const bytes = await read(offset, Math.min(HEADER_BYTES, end - offset));
    const child = elementHeader(bytes, 0);
    if (!child) return 'truncated';
    if (child.id === CLUSTER_ID || child.size === null) return 'malformed';
    const contentStart = offset + child.headerLength;
    if (contentStart + child.size > end) return 'truncated';
    if (child.id === INFO_ID) {
      if (child.size > MAX_SMALL_ELEMENT) return 'malformed';
      return infoDuration(await read(contentStart, child.size));
    }
    offset = contentStart + child.size;
  }
  return 'malformed';
}

function infoDuration(info: Uint8Array): number | null | 'malformed' {
  let scale = 1_000_000;
  let duration: number | null = null;
  for (let offset = 0; offset < info.length;) {
    const element = elementHeader(info, offset);
    if (!element || element.size === null) return 'malformed';
    const content = offset + element.headerLength;
    if (content + element.size > info.length) return 'malformed';
    if (element.id === TIMESTAMP_SCALE_ID) scale = uintOf(info, content, element.size);
    if (element.id === DURATION_ID) duration = floatOf(info, content, element.size);
    offset = content + element.size;
  }
  if (duration === null || !Number.isFinite(duration) || duration <= 0 || scale <= 0) return null;
  return (duration * scale) / 1e9;
}
