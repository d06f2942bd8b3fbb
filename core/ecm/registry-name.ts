/**
 * Names as the national ECM registry takes them: only ASCII letters, space, apostrophe, comma,
 * hyphen and full stop. An accented vowel becomes the vowel and an apostrophe, the Italian way of
 * writing it without accents ("Niccolò" -> "Niccolo'", "PERÒ" -> "PERO'"); other marks are dropped
 * ("Müller" -> "Muller"), typographic apostrophes become plain ones, anything else becomes a space.
 */
const ACCENTS = /[\u0300\u0301]/;
const MARKS = /[\u0300-\u036f]/g;
const LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', Æ: 'AE', ø: 'o', Ø: 'O', œ: 'oe', Œ: 'OE', đ: 'd', Đ: 'D', ł: 'l', Ł: 'L' };

export function registryName(name: string): string {
  let out = '';
  for (const char of name.normalize('NFC')) {
    const decomposed = char.normalize('NFD');
    const base = decomposed.replace(MARKS, '');
    if (/^[A-Za-z]$/.test(base)) out += base + (ACCENTS.test(decomposed) ? "'" : '');
    else if (LETTERS[char]) out += LETTERS[char];
    else if (/^['\u2018\u2019\u02BC`´]$/.test(char)) out += "'";
    else if (/^[,.-]$/.test(char)) out += char;
    else out += ' ';
  }
  // Two apostrophes in a row ("Nicolò'") would read as a mistake: keep one.
  return out.replace(/'{2,}/g, "'").replace(/\s+/g, ' ').trim();
}

/** Free text (a sponsor's name) in ISO-8859-1, the report's encoding: what it cannot hold is spelled without marks or dropped. */
export function latin1Text(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ' ';
    else if (code <= 0xff) out += char;
    else if (LETTERS[char]) out += LETTERS[char];
    else if (/^[\u2018\u2019\u02BC]$/.test(char)) out += "'";
    else if (/^[\u201C\u201D\u201E]$/.test(char)) out += '"';
    else
      out += char
        .normalize('NFD')
        .replace(MARKS, '')
        .replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '');
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** ISO-8859-1 bytes of a text that holds no character above U+00FF (latin1Text, registryName). */
export function latin1Bytes(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}
