import { describe, expect, it } from 'vitest';
import { richDocument } from '../../../core/rich-text-schema.ts';
import { emptyDoc, isEmptyDoc, richDoc, type RichDoc } from '../../../core/rich-text.ts';

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const doc = (...content: unknown[]) => ({ type: 'doc', content });

describe('a lesson text written before the rich editor', () => {
  it('converts its blocks: headings, paragraphs with their links, lists and images', () => {
    const stored = JSON.stringify([
      { type: 'h2', text: 'Titolo' },
      { type: 'p', text: 'Vedi [le linee guida](https://www.who.int/x).\n\nSecondo paragrafo.' },
      { type: 'ol', text: 'uno\ndue' },
      { type: 'img', text: 'Mani', src: '/media/a.png' },
      { type: 'img', text: 'Altrove', src: 'https://evil.example/a.png' },
    ]);
    expect(richDoc(stored)).toEqual({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Titolo' }] },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Vedi ' },
            { type: 'text', text: 'le linee guida', marks: [{ type: 'link', attrs: { href: 'https://www.who.int/x' } }] },
            { type: 'text', text: '.' },
          ],
        },
        paragraph('Secondo paragrafo.'),
        {
          type: 'orderedList',
          content: [
            { type: 'listItem', content: [paragraph('uno')] },
            { type: 'listItem', content: [paragraph('due')] },
          ],
        },
        { type: 'image', attrs: { src: '/media/a.png', alt: 'Mani' } },
      ],
    });
  });

  it('reads plain text as its paragraphs, and a stored document as it is', () => {
    expect(richDoc('Primo.\n\nSecondo.')).toEqual(doc(paragraph('Primo.'), paragraph('Secondo.')));
    const stored = doc(paragraph('Già un documento.'));
    expect(richDoc(JSON.stringify(stored))).toEqual(stored);
    expect(richDoc(stored)).toEqual(stored);
    // JSON that is neither a document nor blocks is text someone wrote.
    expect(richDoc('42')).toEqual(doc(paragraph('42')));
  });

  it('converts to a document the contract takes', () => {
    const converted = richDoc(JSON.stringify([{ type: 'ul', text: 'a [b](/it-IT/privacy)\nc' }]));
    expect(richDocument.safeParse(converted).success).toBe(true);
  });
});

describe('the contract of a stored lesson document', () => {
  const table = (cell: unknown) => ({
    type: 'table',
    content: [{ type: 'tableRow', content: [{ type: 'tableHeader', attrs: { colspan: 1, rowspan: 1, colwidth: null }, content: [cell] }] }],
  });

  it('takes what the editor makes, dropping attributes it does not draw', () => {
    const made = doc(
      { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Sezione', marks: [{ type: 'bold' }, { type: 'italic' }] }] },
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'Vai', marks: [{ type: 'link', attrs: { href: '/it-IT/course/x', target: '_blank', rel: 'x', class: null } }] },
          { type: 'hardBreak' },
        ],
      },
      { type: 'blockquote', content: [paragraph('Citazione')] },
      table(paragraph('Intestazione')),
      { type: 'image', attrs: { src: '/media/a.png', alt: 'Mani', title: null, width: 20 } },
      {
        type: 'orderedList',
        attrs: { start: 3, type: null },
        content: [{ type: 'listItem', content: [paragraph('tre'), { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph('sotto')] }] }] }],
      },
    );
    const parsed = richDocument.parse(made) as RichDoc;
    expect(parsed.content[1]).toEqual({
      type: 'paragraph',
      content: [{ type: 'text', text: 'Vai', marks: [{ type: 'link', attrs: { href: '/it-IT/course/x' } }] }, { type: 'hardBreak' }],
    });
    expect(parsed.content[3]).toEqual({
      type: 'table',
      content: [{ type: 'tableRow', content: [{ type: 'tableHeader', attrs: { colspan: 1, rowspan: 1 }, content: [paragraph('Intestazione')] }] }],
    });
    expect(parsed.content[4]).toEqual({ type: 'image', attrs: { src: '/media/a.png', alt: 'Mani' } });
    expect(parsed.content[5]).toMatchObject({ type: 'orderedList', attrs: { start: 3 } });
  });

  it('refuses what a page must never draw: unsafe links, foreign images, unknown nodes and marks, raw HTML, a table in a table', () => {
    const refused = [
      doc({ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }] }),
      doc({ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: '//evil.example' } }] }] }),
      // A browser drops the tab and reads the backslash as a slash: both leave the site.
      doc({ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: '/\t/evil.example' } }] }] }),
      doc({ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: '/\\evil.example' } }] }] }),
      doc({ type: 'image', attrs: { src: 'https://evil.example/x.png', alt: 'x' } }),
      doc({ type: 'codeBlock', content: [{ type: 'text', text: '<script>' }] }),
      doc({ type: 'html', html: '<script>alert(1)</script>' }),
      doc({ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'textStyle', attrs: { color: 'red' } }] }] }),
      doc({ type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Troppo grande' }] }),
      doc(table(table(paragraph('dentro')))),
      doc(paragraph('nascosto\u202Etesto')),
      [paragraph('not a document')],
    ];
    for (const input of refused) expect(richDocument.safeParse(input).success, JSON.stringify(input)).toBe(false);
  });

  it('refuses a document nested deeper than a lesson is, through any key, before walking it', () => {
    let node: unknown = paragraph('fondo');
    for (let i = 0; i < 5000; i++) node = { type: 'blockquote', content: [node] };
    expect(richDocument.safeParse(doc(node)).success).toBe(false);
    let attrs: unknown = 'fondo';
    for (let i = 0; i < 100_000; i++) attrs = { a: attrs };
    expect(richDocument.safeParse(doc({ type: 'paragraph', attrs })).success).toBe(false);
  });

  it('tells nodes apart by their type: a crafted tree of nodes without one is refused at once', () => {
    const untyped = (depth: number): unknown => (depth === 0 ? {} : { content: [untyped(depth - 1), untyped(depth - 1)] });
    const started = performance.now();
    expect(richDocument.safeParse(doc(untyped(12))).success).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses a missing document as an invalid field, not with an error of its own', () => {
    for (const missing of [undefined, null, 5, 'text']) expect(richDocument.safeParse(missing).error?.issues[0]?.code, String(missing)).toBe('invalid_type');
  });

  it('stores an empty editor as no content', () => {
    expect(isEmptyDoc(emptyDoc())).toBe(true);
    expect(richDocument.parse(emptyDoc())).toEqual({ type: 'doc', content: [] });
    expect(isEmptyDoc(doc({ type: 'image', attrs: { src: '/media/a.png', alt: 'x' } }) as RichDoc)).toBe(false);
  });
});
