import { ascii, type ByteReader } from './bytes.ts';
import { refused, type StructureVerdict } from './verdict.ts';

/** PDF readers look for the end-of-file marker in the last kilobyte. */
const TAIL_BYTES = 1024;
const HEADER = /^%PDF-[12]\.\d/;
const TRAILER = /startxref\s+(\d+)\s+%%EOF[\s\0]*$/;
/** What the last `startxref` points at: a cross-reference table, or a cross-reference stream's object. */
const XREF = /^\s*(?:xref\b|\d+\s+\d+\s+obj\b)/;

/**
 * A PDF of `size` bytes: `%PDF-1.x` or `2.x` at the start; at the end (bar white space) `%%EOF`,
 * after `startxref` and the offset of the last cross-reference section, which must be one. A cut
 * upload has no trailer; a file that only starts like a PDF points nowhere.
 */
export async function inspectPdf(read: ByteReader, size: number): Promise<StructureVerdict> {
  if (!HEADER.test(ascii(await read(0, Math.min(8, size))))) return refused('not-pdf');
  const tailStart = Math.max(0, size - TAIL_BYTES);
  const trailer = TRAILER.exec(ascii(await read(tailStart, size - tailStart)));
  if (!trailer) return refused('truncated');
  const xref = Number(trailer[1]);
  if (xref >= size) return refused('not-pdf');
  if (!XREF.test(ascii(await read(xref, Math.min(64, size - xref))))) return refused('not-pdf');
  return { ok: true };
}
