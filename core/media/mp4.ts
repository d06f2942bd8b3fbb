import { ascii, uint32be, uint64be, type ByteReader } from './bytes.ts';
import { refused, type StructureVerdict } from './verdict.ts';

/**
 * Files of real lessons have a handful of top-level boxes (ftyp, free, mdat, moov); a fragmented
 * one has two per fragment. Past this many the file is refused rather than read box by box: each
 * box far from the last is a ranged read of the stored object, and a Worker's request may make
 * 1,000 calls to R2 at most.
 */
export const MAX_MP4_BOXES = 512;
const MAX_MOOV_CHILDREN = 256;

interface Box {
  type: string;
  offset: number;
  /** Where its content starts. */
  body: number;
  end: number;
}

/** The box at `offset`, or a problem: a header cut off, a size below its header's or past `limit`. */
async function boxAt(read: ByteReader, offset: number, limit: number): Promise<Box | 'truncated' | 'malformed'> {
  if (offset + 8 > limit) return 'truncated';
  const header = await read(offset, Math.min(16, limit - offset));
  if (header.length < 8) return 'truncated';
  const size32 = uint32be(header, 0);
  const type = ascii(header, 4, 4);
  let size = size32;
  let body = offset + 8;
  if (size32 === 1) {
    if (header.length < 16) return 'truncated';
    size = uint64be(header, 8);
    body = offset + 16;
  } else if (size32 === 0) {
    size = limit - offset;
  }
  if (size < body - offset) return 'malformed';
  if (offset + size > limit) return 'truncated';
  return { type, offset, body, end: offset + size };
}

/**
 * An MP4 (ISO base media file) of `size` bytes: its top-level boxes must follow one another to
 * exactly the end of the file (a cut upload leaves the last one short), and a `moov` box, the
 * index without which nothing plays, must be among them. The duration is the movie header's
 * (`mvhd`), or the fragment header's (`mvex/mehd`) for a fragmented file.
 */
export async function inspectMp4(read: ByteReader, size: number): Promise<StructureVerdict> {
  let moov: Box | null = null;
  let offset = 0;
  for (let count = 0; offset < size; count++) {
    if (count === MAX_MP4_BOXES) return refused('malformed');
    const box = await boxAt(read, offset, size);
    if (typeof box === 'string') return refused(box);
    if (count === 0 && box.type !== 'ftyp') return refused('malformed');
    if (box.type === 'moov') moov = box;
    offset = box.end;
  }
  if (!moov) return refused('no-index');
  const durationSeconds = await movieDuration(read, moov);
  if (durationSeconds === 'malformed') return refused('malformed');
  return { ok: true, durationSeconds };
}

/**
 * The movie's length in seconds: the movie header's (`mvhd`) duration over its timescale, or for a
 * fragmented file, whose header may say 0, the fragments' whole (`mvex/mehd`) in that timescale.
 */
async function movieDuration(read: ByteReader, moov: Box): Promise<number | null | 'malformed'> {
  let header: { timescale: number; duration: number | null } | null = null;
  let fragments: number | null = null;
  let offset = moov.body;
  for (let count = 0; offset < moov.end && count < MAX_MOOV_CHILDREN; count++) {
    const child = await boxAt(read, offset, moov.end);
    if (typeof child === 'string') return 'malformed';
    if (child.type === 'mvhd') {
      const found = await movieHeader(read, child);
      if (found === 'malformed') return found;
      header = found;
    } else if (child.type === 'mvex') {
      fragments = await fragmentDuration(read, child);
    }
    offset = child.end;
  }
  if (!header) return 'malformed';
  const duration = header.duration ?? fragments;
  return duration === null ? null : duration / header.timescale;
}

/** `mvhd`: version 0 has 32-bit times, version 1 64-bit; a duration of 0 or all ones is unknown. */
async function movieHeader(read: ByteReader, box: Box): Promise<{ timescale: number; duration: number | null } | 'malformed'> {
  const body = await read(box.body, Math.min(32, box.end - box.body));
  const [timescaleAt, durationAt, durationBytes] = body[0] === 1 ? [20, 24, 8] : [12, 16, 4];
  if (body.length < durationAt + durationBytes) return 'malformed';
  const timescale = uint32be(body, timescaleAt);
  if (timescale === 0) return 'malformed';
  const high = uint32be(body, durationAt);
  const duration = durationBytes === 8 ? uint64be(body, durationAt) : high;
  const unknown = high === 0xffffffff && (durationBytes === 4 || uint32be(body, durationAt + 4) === 0xffffffff);
  return { timescale, duration: unknown || duration === 0 ? null : duration };
}

/** `mvex/mehd`: the whole fragmented movie's duration, in the movie header's timescale. */
async function fragmentDuration(read: ByteReader, mvex: Box): Promise<number | null> {
  let offset = mvex.body;
  for (let count = 0; offset < mvex.end && count < MAX_MOOV_CHILDREN; count++) {
    const child = await boxAt(read, offset, mvex.end);
    if (typeof child === 'string') return null;
    if (child.type === 'mehd') {
      const body = await read(child.body, Math.min(12, child.end - child.body));
      const duration = body[0] === 1 ? uint64be(body, 4) : uint32be(body, 4);
      return duration > 0 ? duration : null;
    }
    offset = child.end;
  }
  return null;
}
