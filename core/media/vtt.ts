import type { ByteReader } from './bytes.ts';
import { refused, type StructureVerdict } from './verdict.ts';

const SIGNATURE = /^\uFEFF?WEBVTT(?:$|[ \t\r\n])/;

/**
 * WebVTT captions of `size` bytes (small: their limit is a megabyte, read whole): UTF-8, the only
 * encoding WebVTT has, and the `WEBVTT` line first (after an optional byte-order mark).
 */
export async function inspectVtt(read: ByteReader, size: number): Promise<StructureVerdict> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(await read(0, size));
  } catch {
    return refused('not-utf8');
  }
  return SIGNATURE.test(text) ? { ok: true } : refused('type-mismatch');
}
