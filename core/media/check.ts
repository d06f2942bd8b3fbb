import type { ByteReader } from './bytes.ts';
import { inspectImage } from './image.ts';
import { isMediaType, kindOf, MEDIA_LIMITS, type MediaKind, type MediaType } from './kinds.ts';
import { inspectMp4 } from './mp4.ts';
import { inspectPdf } from './pdf.ts';
import { SNIFF_BYTES, sniffType, type SniffedType } from './sniff.ts';
import { refused, type MediaProblem } from './verdict.ts';
import { inspectVtt } from './vtt.ts';
import { inspectWebm } from './webm.ts';

export type { MediaProblem };

/** A refusal and what the editor is told with it. */
export interface MediaRefusal {
  ok: false;
  problem: MediaProblem;
  /** The type the bytes show, when they show another than declared. */
  detected?: SniffedType | null;
}

/** A sound file: what its bytes are, and what could be read of it. */
export interface MediaFacts {
  ok: true;
  type: MediaType;
  kind: MediaKind;
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
}

/**
 * What an upload may be before a byte arrives: a type of ours, not empty, within its kind's limit.
 * Checked when it starts, by the browser first and the API again.
 */
export function checkDeclaration(type: string, size: number): { ok: true; type: MediaType; kind: MediaKind } | MediaRefusal {
  if (!isMediaType(type)) return { ok: false, problem: 'type-not-allowed' };
  if (size <= 0) return refused('empty');
  if (size > MEDIA_LIMITS[kindOf(type)]) return refused('too-large');
  return { ok: true, type, kind: kindOf(type) };
}

/** The type a file's start shows, against the one declared: MP4 and M4V are one container, told apart by a brand. */
export function checkStart(declared: MediaType, head: Uint8Array): MediaRefusal | null {
  const detected = sniffType(head);
  if (detected === declared || (isMp4(detected) && isMp4(declared))) return null;
  if (declared === 'application/pdf') return { ok: false, problem: 'not-pdf', detected };
  return { ok: false, problem: 'type-mismatch', detected };
}

const isMp4 = (type: SniffedType | null) => type === 'video/mp4' || type === 'video/x-m4v';

/**
 * Checks a whole file by its bytes, through `read` (ranged reads of the stored object; a few
 * hundred bytes in all for a sound video, however large): its declaration, that its content is
 * the declared type, and that its structure is whole, reading a video's duration and an image's
 * size on the way.
 */
export async function checkMedia(declared: string, size: number, read: ByteReader): Promise<MediaFacts | MediaRefusal> {
  const declaration = checkDeclaration(declared, size);
  if (!declaration.ok) return declaration;
  const { type, kind } = declaration;
  const mismatch = checkStart(type, await read(0, Math.min(size, SNIFF_BYTES)));
  if (mismatch) return mismatch;
  // A package's structure is its zip and manifest, read by functions/scorm with the zip library.
  if (kind === 'package') return { ok: true, type, kind, durationSeconds: null, width: null, height: null };
  const verdict =
    type === 'video/webm'
      ? await inspectWebm(read, size)
      : kind === 'video'
        ? await inspectMp4(read, size)
        : kind === 'document'
          ? await inspectPdf(read, size)
          : kind === 'captions'
            ? await inspectVtt(read, size)
            : await inspectImage(type, read, size);
  if (!verdict.ok) return verdict;
  return { ok: true, type, kind, durationSeconds: verdict.durationSeconds ?? null, width: verdict.width ?? null, height: verdict.height ?? null };
}
