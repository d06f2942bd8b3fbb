import { z } from 'zod';
import { plainText } from './contracts/common.ts';
import { HEADING_LEVELS, isEmptyDoc, RICH_DOC_MAX, type RichBlock, type RichDoc, type RichInline } from './rich-text.ts';
import { isSafeHref, MEDIA_URL } from './session-body.ts';

/**
 * The contract of a lesson's stored document (`rich-text.ts`): an allow-list of ProseMirror's
 * node and mark types, each with only the attributes we draw, checked when a draft is saved.
 * Unknown attributes are dropped (zod's objects strip them: Tiptap adds `colwidth`, `title`,
 * `target`…); an unknown type, an unsafe link or an image that is not a course medium is refused.
 */
const TEXT_MAX = 5000;
/** Lists in lists in a table in a quote: deeper than this is no lesson's structure. */
const DEPTH_MAX = 8;

const text = z.object({
  type: z.literal('text'),
  text: z
    .string()
    .min(1)
    .max(TEXT_MAX)
    .superRefine(plainText({ multiline: true })),
  marks: z
    .array(
      z.discriminatedUnion('type', [
        z.object({ type: z.literal('bold') }),
        z.object({ type: z.literal('italic') }),
        z.object({ type: z.literal('link'), attrs: z.object({ href: z.string().max(2000).refine(isSafeHref, { message: 'href' }) }) }),
      ]),
    )
    .max(3)
    .optional(),
});
const inline: z.ZodType<RichInline> = z.discriminatedUnion('type', [text, z.object({ type: z.literal('hardBreak') })]);
const inlineContent = z.array(inline).max(1000).optional();

const paragraph = z.object({ type: z.literal('paragraph'), content: inlineContent });
const heading = z.object({
  type: z.literal('heading'),
  attrs: z.object({ level: z.union(HEADING_LEVELS.map((level) => z.literal(level))) }),
  content: inlineContent,
});
const image = z.object({
  type: z.literal('image'),
  attrs: z.object({ src: z.string().max(1000).regex(MEDIA_URL), alt: z.string().trim().max(300).superRefine(plainText()) }),
});
const span = z.number().int().min(1).max(20);

// Blocks nest (a list item holds paragraphs and lists, a cell what a lesson holds but a table).
// Told apart by their type first: a plain union would try every kind of block on every node.
const block: z.ZodType<RichBlock> = z.lazy(() =>
  z.discriminatedUnion('type', [
    paragraph,
    heading,
    image,
    z.object({
      type: z.enum(['bulletList', 'orderedList']),
      attrs: z.object({ start: z.number().int().min(0).max(10_000).optional() }).optional(),
      content: z.array(listItem).min(1).max(500),
    }),
    z.object({ type: z.literal('blockquote'), content: z.array(block).min(1).max(500) }),
    z.object({
      type: z.literal('table'),
      content: z
        .array(
          z.object({
            type: z.literal('tableRow'),
            content: z
              .array(
                z.object({
                  type: z.enum(['tableCell', 'tableHeader']),
                  attrs: z.object({ colspan: span.optional(), rowspan: span.optional() }).optional(),
                  content: z.array(cellBlock).min(1).max(100),
                }),
              )
              .min(1)
              .max(20),
          }),
        )
        .min(1)
        .max(200),
    }),
  ]),
);
const listItem = z.object({ type: z.literal('listItem'), content: z.array(block).min(1).max(100) });
const cellBlock = block.refine((node) => node.type !== 'table', { message: 'table' });

/**
 * Whether a value nests deeper than `levels` through any of its keys (not only `content`). Walked
 * with a stack of its own, so no input can make the walk overflow; it stops at the first excess.
 */
function nestsDeeper(value: unknown, levels: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (typeof node !== 'object' || node === null) continue;
    if (depth > levels) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

export const richDocument: z.ZodType<RichDoc, unknown> = z
  .unknown()
  // Checked before the nodes are, so that a crafted document cannot make the check itself deep or long.
  .superRefine((doc, context) => {
    // Objects and arrays: a block level is two (the node, its content), and a text's marks four more.
    if (nestsDeeper(doc, DEPTH_MAX * 2 + 6)) context.addIssue({ code: 'custom', message: 'depth', input: doc });
    // Bounded in depth, the document's JSON can be written to measure it (none for a missing one,
    // which the object check below refuses).
    else if ((JSON.stringify(doc) ?? '').length > RICH_DOC_MAX)
      context.addIssue({ code: 'too_big', origin: 'string', maximum: RICH_DOC_MAX, inclusive: true, input: doc });
  })
  .pipe(z.object({ type: z.literal('doc'), content: z.array(block).max(2000) }))
  // An editor's empty document (one empty paragraph) is stored as no content at all.
  .transform((doc) => (isEmptyDoc(doc) ? { type: 'doc' as const, content: [] } : doc));
