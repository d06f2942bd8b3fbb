import { blocksOf, inlineRuns, isSafeHref, listItems, MEDIA_URL, paragraphs, type SessionBlock } from './session-body.ts';

/**
 * A lesson's text as a structured document: the subset of ProseMirror's JSON (what the rich-text
 * editor, Tiptap, saves) that Tiptap's nodes and marks below produce. Nothing else is stored
 * (`rich-text-schema.ts` checks a saved document against exactly this) and nothing else is
 * rendered (`SessionBody.tsx` draws these types and drops any other), so no editor's HTML ever
 * reaches a page. Kept free of zod: the player's chunk reads it.
 */
export type RichMark = { type: 'bold' } | { type: 'italic' } | { type: 'link'; attrs: { href: string } };
export interface RichText {
  type: 'text';
  text: string;
  marks?: RichMark[];
}
export interface HardBreak {
  type: 'hardBreak';
}
export type RichInline = RichText | HardBreak;
export interface Paragraph {
  type: 'paragraph';
  content?: RichInline[];
}
export interface Heading {
  type: 'heading';
  attrs: { level: 2 | 3 };
  content?: RichInline[];
}
export interface ListNode {
  type: 'bulletList' | 'orderedList';
  attrs?: { start?: number };
  content: ListItem[];
}
export interface ListItem {
  type: 'listItem';
  content: RichBlock[];
}
export interface Blockquote {
  type: 'blockquote';
  content: RichBlock[];
}
export interface Image {
  type: 'image';
  attrs: { src: string; alt: string };
}
export interface TableCell {
  type: 'tableCell' | 'tableHeader';
  attrs?: { colspan?: number; rowspan?: number };
  content: RichBlock[];
}
export interface TableRow {
  type: 'tableRow';
  content: TableCell[];
}
export interface Table {
  type: 'table';
  content: TableRow[];
}
export type RichBlock = Paragraph | Heading | ListNode | Blockquote | Image | Table;
export interface RichDoc {
  type: 'doc';
  content: RichBlock[];
}

/** Characters of a whole document as stored (JSON). */
export const RICH_DOC_MAX = 200_000;

/** Headings a lesson may use: the page's title is its h1, the session's sections h2 and h3. */
export const HEADING_LEVELS = [2, 3] as const;

export const emptyDoc = (): RichDoc => ({ type: 'doc', content: [{ type: 'paragraph' }] });

const isDoc = (value: unknown): value is RichDoc =>
  typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'doc' && Array.isArray((value as { content?: unknown }).content);

/**
 * The document a stored body holds: a document as saved, or, for text written before the rich
 * editor, its conversion (blocks of headings, paragraphs with `[words](address)` links, lists and
 * images; or plain paragraphs). A body that is neither is an empty document.
 */
export function richDoc(stored: unknown): RichDoc {
  const value = typeof stored === 'string' ? parsedOrNull(stored) : stored;
  if (isDoc(value)) return value;
  if (Array.isArray(value)) return docFromBlocks(blocksOf(value));
  if (typeof stored === 'string') return { type: 'doc', content: paragraphs(stored).map(paragraphOf) };
  return { type: 'doc', content: [] };
}

function parsedOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Text with its `[words](address)` links as text nodes, a link mark on each link's words. */
function inlineOf(text: string): RichInline[] {
  return inlineRuns(text.replace(/\s*\n\s*/g, ' '))
    .filter((run) => run.text !== '')
    .map((run) => ('href' in run ? { type: 'text', text: run.text, marks: [{ type: 'link', attrs: { href: run.href } }] } : { type: 'text', text: run.text }));
}

const paragraphOf = (text: string): Paragraph => {
  const content = inlineOf(text);
  return content.length > 0 ? { type: 'paragraph', content } : { type: 'paragraph' };
};

/** The blocks of text written before the rich editor, as a document showing the same. */
export function docFromBlocks(blocks: readonly SessionBlock[]): RichDoc {
  const content: RichBlock[] = [];
  for (const block of blocks) {
    const text = block.text.trim();
    switch (block.type) {
      case 'h2':
      case 'h3':
        if (text)
          content.push({ type: 'heading', attrs: { level: block.type === 'h2' ? 2 : 3 }, content: [{ type: 'text', text: text.replace(/\s+/g, ' ') }] });
        break;
      case 'p':
        content.push(...paragraphs(text).map(paragraphOf));
        break;
      case 'ul':
      case 'ol': {
        const items = listItems(text);
        if (items.length > 0) {
          content.push({
            type: block.type === 'ul' ? 'bulletList' : 'orderedList',
            content: items.map((item) => ({ type: 'listItem', content: [paragraphOf(item)] })),
          });
        }
        break;
      }
      case 'img':
        if (block.src && MEDIA_URL.test(block.src)) content.push({ type: 'image', attrs: { src: block.src, alt: text } });
        break;
    }
  }
  return { type: 'doc', content };
}

/** A link the page may show: a web, mail or site address (a stored document is checked again when drawn). */
export const linkHref = (mark: RichMark | undefined): string | null => (mark?.type === 'link' && isSafeHref(mark.attrs.href) ? mark.attrs.href : null);

/** Whether a document has nothing to read: no text, image or table anywhere. */
export function isEmptyDoc(doc: RichDoc): boolean {
  const empty = (node: RichBlock | RichInline | ListItem | TableRow | TableCell): boolean => {
    if (node.type === 'text') return node.text.trim() === '';
    if (node.type === 'hardBreak') return true;
    if (node.type === 'image' || node.type === 'table') return false;
    return ((node as { content?: (RichBlock | RichInline)[] }).content ?? []).every(empty);
  };
  return doc.content.every(empty);
}
