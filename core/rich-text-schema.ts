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
const inline: z.ZodType<RichInline> = z.union([text, z.object({ type: z.literal('hardBreak') })]);
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
const block: z.ZodType<RichBlock> = z.lazy(() =>
  z.union([
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

/** Whether nodes nest more than `levels` deep below `node`; it looks no deeper than that. */
function nestsDeeper(node: unknown, levels: number): boolean {
  const content = typeof node === 'object' && node !== null ? (node as { content?: unknown }).content : undefined;
  if (!Array.isArray(content)) return false;
  return levels === 0 || content.some((child) => nestsDeeper(child, levels - 1));
}

export const richDocument: z.ZodType<RichDoc, unknown> = z
  .unknown()
  // Checked before the nodes are, so that a crafted document cannot make the check itself deep or long.
  .superRefine((doc, context) => {
    if (nestsDeeper(doc, DEPTH_MAX * 2)) context.addIssue({ code: 'custom', message: 'depth', input: doc });
    else if (JSON.stringify(doc).length > RICH_DOC_MAX)
      context.addIssue({ code: 'too_big', origin: 'string', maximum: RICH_DOC_MAX, inclusive: true, input: doc });
  })
  .pipe(z.object({ type: z.literal('doc'), content: z.array(block).max(2000) }))
  // An editor's empty document (one empty paragraph) is stored as no content at all.
  .transform((doc) => (isEmptyDoc(doc) ? { type: 'doc' as const, content: [] } : doc));
