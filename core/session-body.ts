/**
 * A session's body as it was written before the rich-text editor: blocks of headings, paragraphs,
 * lists and images, stored as JSON, links inside a paragraph or a list item as `[words](address)`
 * (`core/rich-text.ts` reads them as the document they convert to). Kept free of zod: the
 * player's chunk reads it.
 */
export const SESSION_BLOCK_TYPES = ['h2', 'h3', 'p', 'ul', 'ol', 'img'] as const;
export type SessionBlockType = (typeof SESSION_BLOCK_TYPES)[number];

export interface SessionBlock {
  type: SessionBlockType;
  /** Heading or paragraph text; a list's items one per line; an image's alternative text. */
  text: string;
  /** An image's private `/media/` address. */
  src?: string;
}

/** The well-formed blocks of a stored block list (anything else in it is dropped). */
export function blocksOf(list: readonly unknown[]): SessionBlock[] {
  return list.filter(isBlock);
}

function isBlock(value: unknown): value is SessionBlock {
  if (typeof value !== 'object' || value === null) return false;
  const { type, text, src } = value as Record<string, unknown>;
  return (SESSION_BLOCK_TYPES as readonly unknown[]).includes(type) && typeof text === 'string' && (src === undefined || typeof src === 'string');
}

/** A paragraph block may hold several paragraphs, separated by a blank line. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n{2,}/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** A list block's items: one per line. */
export const listItems = (text: string): string[] =>
  text
    .split('\n')
    .map((item) => item.trim())
    .filter(Boolean);

export type Inline = { text: string } | { text: string; href: string };

const LINK = /\[([^\]\n]{1,200})\]\(([^)\s]{1,2000})\)/g;

/**
 * A text's plain runs and links. Only web addresses and addresses of this site become links
 * (`javascript:` and the like stay text), and a link to another site is marked as such by the view.
 */
export function inlineRuns(text: string): Inline[] {
  const runs: Inline[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label = '', href = ''] = match;
    if (!isSafeHref(href)) continue;
    if (match.index > last) runs.push({ text: text.slice(last, match.index) });
    runs.push({ text: label, href });
    last = match.index + whole.length;
  }
  if (last < text.length) runs.push({ text: text.slice(last) });
  return runs;
}

export function isSafeHref(href: string): boolean {
  // A browser drops tabs and line breaks from an address and reads a backslash as a slash: '/\t/evil.example' or '/\\evil.example' would leave the site.
  if (/[\s\u0000-\u001F\u007F-\u009F\\]/.test(href)) return false;
  if (href.startsWith('/')) return !href.startsWith('//');
  try {
    const url = new URL(href);
    return (url.protocol === 'https:' || url.protocol === 'http:' || url.protocol === 'mailto:') && url.href.length <= 2000;
  } catch {
    return false;
  }
}

/** Whether an address is a course medium: an image block's `src`, a video, its poster and captions. */
export const MEDIA_URL = /^\/media\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}(?:\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}){0,7}$/;
