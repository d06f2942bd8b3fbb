import { inflateSync } from 'node:zlib';
import { encode } from 'uqr';

/**
 * The dark modules of the QR code drawn in a PDF, read back from its page content: the
 * certificate draws each module as a black filled square (functions/ecm/certificate-pdf.ts).
 * Positions are "row,column", counted from the top-left dark module.
 */
export function pdfQrModules(pdf: Buffer): Set<string> {
  const text = pdf.toString('latin1');
  const squares: { x: number; y: number; size: number }[] = [];
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, text.indexOf('endstream', start))).toString('latin1');
    } catch {
      continue;
    }
    for (const block of content.split(/\nQ\n?/)) {
      const square = /^q\n0 0 0 rg\n[\s\S]*?1 0 0 1 (-?[\d.]+) (-?[\d.]+) cm[\s\S]*\n([\d.]+) 0 l\nh\nf$/.exec(block.trimEnd());
      if (square) squares.push({ x: Number(square[1]), y: Number(square[2]), size: Number(square[3]) });
    }
  }
  const cell = squares[0]?.size ?? 1;
  const left = Math.min(...squares.map((square) => square.x));
  const top = Math.max(...squares.map((square) => square.y));
  return new Set(squares.map((square) => `${Math.round((top - square.y) / cell)},${Math.round((square.x - left) / cell)}`));
}

/** The dark modules of the QR code for a text, in the same coordinates. */
export function qrModules(text: string): Set<string> {
  const { data } = encode(text, { ecc: 'M', border: 0 });
  const cells = data.flatMap((row, r) => row.flatMap((dark, c) => (dark ? [[r, c] as const] : [])));
  const top = Math.min(...cells.map(([r]) => r));
  const left = Math.min(...cells.map(([, c]) => c));
  return new Set(cells.map(([r, c]) => `${r - top},${c - left}`));
}

export const sameModules = (a: Set<string>, b: Set<string>) => a.size > 0 && a.size === b.size && [...a].every((key) => b.has(key));
