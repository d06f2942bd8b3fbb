import { z } from 'zod';
import { BLOCK_TYPES } from '../cms-fields.ts';

/** Content pages as the page views render them (`/{locale}/{slug}`, `pf/`, `repository/`). */
export const pageKind = z.enum(['content', 'pf', 'repository']);
export type PageKind = z.infer<typeof pageKind>;

export const contentBlock = z.object({ type: z.enum(BLOCK_TYPES), text: z.string() });
export type ContentBlock = z.infer<typeof contentBlock>;

export const tileComponent = z.object({
  key: z.string(),
  content: z.array(z.object({ prefix: z.string(), lines: z.array(z.string()) })),
});
export type TileComponent = z.infer<typeof tileComponent>;

/** A tile page's content: whether it has expired, and its tiles. */
export const tilePageContent = z.object({
  isExpired: z.boolean(),
  tiles: z.array(z.object({ name: z.string(), description: z.string(), components: z.array(tileComponent) })),
});
export type TilePageContent = z.infer<typeof tilePageContent>;

export const page = z.object({
  locale: z.string(),
  kind: pageKind,
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  body: z.array(contentBlock),
  tiles: tilePageContent.nullable(),
});
export type Page = z.infer<typeof page>;
