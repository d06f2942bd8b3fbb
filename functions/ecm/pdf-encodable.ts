import type { PDFFont } from 'pdf-lib';
import { printableLine } from '../../core/plain-text.ts';

/**
 * The standard PDF fonts encode text as WinAnsi, which has Italian accented letters (à è é ì ò ù)
 * but not every letter a name may have: those lose their accent (ł -> l) or become '?', instead
 * of making the PDF fail (pdf-lib throws on a character the font cannot encode). Control and
 * invisible characters, which stored text may hold from before they were refused, are dropped.
 */
export function encodable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...printableLine(text)]
    .map((char) => {
      if (supported.has(char.codePointAt(0) ?? 0)) return char;
      const plain = char.normalize('NFD').replace(/\p{M}/gu, '');
      return [...plain].every((c) => supported.has(c.codePointAt(0) ?? 0)) ? plain : '?';
    })
    .join('');
}
