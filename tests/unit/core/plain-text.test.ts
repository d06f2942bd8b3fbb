import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { plainText } from '../../../core/contracts/common.ts';
import { DOCUMENT_FIELDS } from '../../../core/cms-document.ts';
import { supportRequestBody } from '../../../core/contracts/support.ts';
import { userUpdateRequest } from '../../../core/contracts/user.ts';
import { csvCell, HIDDEN_CHARACTER, hiddenCharacter, printableLine, xmlText } from '../../../core/plain-text.ts';

const code = (n: number) => String.fromCodePoint(n);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('hiddenCharacter: what a person may not type', () => {
  it('accepts ordinary names and texts in every script, emoji included', () => {
    for (const text of ['Nicolò', "D'Annunzio", 'Müller-Lüdenscheidt', 'Łukasz Żółć', 'Ἀριστοτέλης', 'محمد', '李小龙', 'Anna 🎯', 'a b']) {
      expect(hiddenCharacter(text)).toBeNull();
    }
  });

  it('refuses every control character (C0, DEL, C1) in a line, naming it', () => {
    for (const n of [...range(0x00, 0x1f), ...range(0x7f, 0x9f)]) {
      expect(hiddenCharacter(`Ma${code(n)}rio`)).toBe(`U+${n.toString(16).toUpperCase().padStart(4, '0')}`);
    }
    expect(hiddenCharacter('Mario\u0007')).toBe('U+0007');
  });

  it('refuses direction and invisible format characters, which disguise text', () => {
    for (const n of [
      0x00ad,
      0x061c,
      0x200b,
      0x200c,
      0x200d,
      0x200e,
      0x200f,
      ...range(0x202a, 0x202e),
      ...range(0x2060, 0x2064),
      ...range(0x2066, 0x2069),
      0xfeff,
      0x034f,
      0x115f,
      0x1160,
      0x2800,
      0x3164,
      0xffa0,
      0xe0041,
    ]) {
      expect(hiddenCharacter(`Rossi${String.fromCodePoint(n)}`), n.toString(16)).toBe(`U+${n.toString(16).toUpperCase().padStart(4, '0')}`);
    }
    expect(hiddenCharacter('\u202Eissor')).toBe('U+202E');
  });

  it('lets a text keep the joiners and tags that spelling and emoji need; a one-line field does not', () => {
    for (const text of ['می\u200Cخواهم', 'Infermiera 👩\u200D⚕️', 'Forza 🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}']) {
      expect(hiddenCharacter(text, { multiline: true }), text).toBeNull();
      expect(hiddenCharacter(text), text).not.toBeNull();
    }
  });

  it('refuses a lone surrogate but not a pair', () => {
    expect(hiddenCharacter('a\uD800b')).toBe('U+D800');
    expect(hiddenCharacter('a\uDC00')).toBe('U+DC00');
    expect(hiddenCharacter('\uD83C\uDFAF')).toBeNull();
  });

  it('lets a multi-line text keep line breaks and tabs, nothing else of the control range', () => {
    expect(hiddenCharacter('riga uno\r\nriga due\n\tfine', { multiline: true })).toBeNull();
    expect(hiddenCharacter('riga uno\nriga due')).toBe('U+000A');
    expect(hiddenCharacter('a\tb')).toBe('U+0009');
    expect(hiddenCharacter('riga\u000B', { multiline: true })).toBe('U+000B');
    expect(hiddenCharacter('riga\u0085', { multiline: true })).toBe('U+0085');
    expect(hiddenCharacter('riga\u202E', { multiline: true })).toBe('U+202E');
  });
});

describe('the contracts refuse hidden characters, with a reason a message can be worded from', () => {
  const issueOf = (result: z.ZodSafeParseResult<unknown>) => (result.success ? null : result.error.issues[0]);

  it('refines any string schema', () => {
    const schema = z.string().superRefine(plainText());
    expect(issueOf(schema.safeParse('Rossi\u202E'))).toMatchObject({ code: 'custom', params: { reason: HIDDEN_CHARACTER, character: 'U+202E' } });
    expect(schema.safeParse('Rossi').success).toBe(true);
  });

  it('user data: names, e-mail and phone', () => {
    expect(issueOf(userUpdateRequest.safeParse({ firstName: 'Ma\u0007rio' }))).toMatchObject({ path: ['firstName'], params: { character: 'U+0007' } });
    expect(issueOf(userUpdateRequest.safeParse({ lastName: '\u202Eissor' }))).toMatchObject({ path: ['lastName'], params: { character: 'U+202E' } });
    expect(issueOf(userUpdateRequest.safeParse({ email: 'a\u200B@example.it' }))).toMatchObject({ path: ['email'], params: { character: 'U+200B' } });
    expect(issueOf(userUpdateRequest.safeParse({ phone: '+39\u2066333' }))).toMatchObject({ path: ['phone'], params: { character: 'U+2066' } });
    expect(userUpdateRequest.safeParse({ firstName: ' Nicolò ', lastName: "D'Annunzio", email: '', phone: null }).success).toBe(true);
  });

  it('support requests: the message keeps its line breaks', () => {
    const body = { name: 'Anna Neri', email: 'anna@example.it', message: 'Non riesco ad accedere.\r\n\tGrazie.', altcha: 'x' };
    expect(supportRequestBody.safeParse(body).success).toBe(true);
    expect(issueOf(supportRequestBody.safeParse({ ...body, message: 'Non riesco ad accedere.\u0007' }))).toMatchObject({ path: ['message'] });
    expect(issueOf(supportRequestBody.safeParse({ ...body, name: 'Anna\u202ENeri' }))).toMatchObject({ path: ['name'] });
  });

  it('CMS texts: a line stays one line, a text area and a body block keep line breaks', () => {
    const page = { title: 'Titolo', description: 'Riga uno\nriga due', body: [{ type: 'p', text: 'Paragrafo\ncon a capo.' }] };
    expect(DOCUMENT_FIELDS.content.safeParse(page).success).toBe(true);
    expect(issueOf(DOCUMENT_FIELDS.content.safeParse({ ...page, title: 'Tito\nlo' }))).toMatchObject({ path: ['title'] });
    expect(issueOf(DOCUMENT_FIELDS.content.safeParse({ ...page, body: [{ type: 'p', text: 'a\u202Eb' }] }))).toMatchObject({ path: ['body', 0, 'text'] });
    expect(issueOf(DOCUMENT_FIELDS.boilerplate.safeParse({ text: 'Home\u0000' }))).toMatchObject({ path: ['text'] });
  });
});

describe('writers drop what their format cannot carry', () => {
  it('xmlText drops what XML 1.0 forbids and keeps the rest', () => {
    const forbidden = [...range(0x00, 0x08), 0x0b, 0x0c, ...range(0x0e, 0x1f), 0xfffe, 0xffff].map(code).join('');
    expect(xmlText(`Ma${forbidden}rio`)).toBe('Mario');
    expect(xmlText('a\tb\nc\rd \u202E \u0085 🎯')).toBe('a\tb\nc\rd \u202E \u0085 🎯');
    expect(xmlText('a\uD800b\uDC00')).toBe('ab');
  });

  it('printableLine makes one clean line', () => {
    expect(printableLine('Ma\u0007rio\u202E\n Rossi\u200B\u00AD')).toBe('Mario  Rossi');
  });

  it('csvCell quotes, drops stray controls and defuses formulas, even behind a dropped control', () => {
    expect(csvCell('Rossi')).toBe('"Rossi"');
    expect(csvCell('Say "hi"\r\nagain')).toBe('"Say ""hi""\r\nagain"');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    for (const start of ['+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1`)).toBe(`"'${start}1"`);
    expect(csvCell('\u0007=1+1')).toBe('"\'=1+1"');
    expect(csvCell('Ma\u0000rio\u009B')).toBe('"Mario"');
  });
});
