import { z } from 'zod';
import { bankFields } from './ecm/question-bank.ts';
import {
  BLOCK_TEXT_MAX,
  BLOCK_TYPES,
  DOCUMENT_FIELD_SPECS,
  DOCUMENT_KINDS,
  OUTLINE_MODULES_MAX,
  OUTLINE_SESSIONS_MAX,
  PAGE_KINDS,
  STRUCTURE_KINDS,
  type DocumentKind,
  type FieldSpec,
} from './cms-fields.ts';
import { localeCode, plainText } from './contracts/common.ts';
import { DURATION_PATTERN, SESSION_KINDS } from './course-outline.ts';
import { docFromBlocks } from './rich-text.ts';
import { richDocument } from './rich-text-schema.ts';
import { MEDIA_URL, SESSION_BLOCK_TYPES } from './session-body.ts';
import { RESERVED_PATHS } from './reserved-paths.ts';

export { DOCUMENT_KINDS, PAGE_KINDS, STRUCTURE_KINDS, type DocumentKind };

/**
 * What editors can change: pages (content, pf, repository), course texts, categories and
 * interface strings, and the question banks of ECM courses (key: course id; editors only, since
 * they hold the correct answers). Each kind has a key (slug, course id, category id, boilerplate
 * key) and its own fields (`cms-fields.ts`, whose limits the schemas below read); drafts, versions,
 * revert and publish treat every kind the same way.
 */
const block = z.object({
  type: z.enum(BLOCK_TYPES),
  text: z
    .string()
    .trim()
    .min(1)
    .max(BLOCK_TEXT_MAX)
    .superRefine(plainText({ multiline: true })),
});

const mediaUrl = z.string().max(1000).regex(MEDIA_URL);

/**
 * A session body written before the rich editor: blocks of headings, paragraphs and lists (links
 * written inside), and images from the media library. Still taken (a body read back from before is
 * saved again with a new title), and stored as the document it converts to.
 */
const legacyBlocks = z.array(
  z.discriminatedUnion('type', [
    z.object({ type: z.enum(SESSION_BLOCK_TYPES.filter((type) => type !== 'img') as ['h2', 'h3', 'p', 'ul', 'ol']), text: block.shape.text }),
    z.object({ type: z.literal('img'), text: z.string().trim().min(1).max(300).superRefine(plainText()), src: mediaUrl }),
  ]),
);

/** A session's text: a rich document (`rich-text-schema.ts`), or blocks from before, converted. */
const sessionBody = z.preprocess((value) => {
  const legacy = Array.isArray(value) ? legacyBlocks.safeParse(value) : null;
  return legacy?.success ? docFromBlocks(legacy.data) : value;
}, richDocument);

const structureNumber = z.number().int().min(1).max(999);

/** Numbers are identities: each at most once in its list. */
const uniqueNumbers = <T extends { number: number }>(items: T[]) => new Set(items.map((item) => item.number)).size === items.length;

const outlineSession = z
  .object({
    number: structureNumber,
    kind: z.enum(SESSION_KINDS),
    duration: z.string().regex(DURATION_PATTERN),
    media: mediaUrl.nullable(),
    poster: mediaUrl.nullable(),
    captions: z.record(localeCode, mediaUrl),
  })
  .refine((session) => session.kind === 'text' || session.media !== null, { message: 'media', path: ['media'] })
  .refine((session) => session.kind === 'video' || (session.poster === null && Object.keys(session.captions).length === 0), {
    message: 'poster',
    path: ['poster'],
  });

const outlineFields = z.object({
  category: z.string().regex(/^[a-z0-9-]{1,100}$/),
  // The registry's pattern: one decimal, at most 50.0.
  ecmCredits: z
    .number()
    .min(0.1)
    .max(50)
    .refine((credits) => Math.abs(credits * 10 - Math.round(credits * 10)) < 1e-9, { message: 'ecmCredits' })
    .nullable(),
  withdrawn: z.boolean(),
  modules: z
    .array(z.object({ number: structureNumber, sessions: z.array(outlineSession).max(OUTLINE_SESSIONS_MAX).refine(uniqueNumbers, { message: 'number' }) }))
    .min(1)
    .max(OUTLINE_MODULES_MAX)
    .refine(uniqueNumbers, { message: 'number' }),
});

type Specs<K extends DocumentKind> = (typeof DOCUMENT_FIELD_SPECS)[K];
type Spec<K extends DocumentKind, N extends string> = Extract<Specs<K>[number], { name: N }>;

function spec<K extends DocumentKind, N extends Specs<K>[number]['name']>(kind: K, name: N): Spec<K, N> {
  return (DOCUMENT_FIELD_SPECS[kind] as readonly FieldSpec[]).find((field) => field.name === name) as Spec<K, N>;
}

/** A one-line field keeps to one line; a text area may keep its line breaks. Neither holds control or invisible characters. */
const text = ({ input, required, max }: FieldSpec) =>
  (required ? z.string().trim().min(1).max(max) : z.string().trim().max(max)).superRefine(plainText({ multiline: input !== 'line' }));

const pageFields = z.object({
  title: text(spec('content', 'title')),
  description: text(spec('content', 'description')),
  body: z.array(block).min(1).max(spec('content', 'body').max),
});

export const DOCUMENT_FIELDS = {
  content: pageFields,
  pf: pageFields,
  repository: pageFields,
  course: z.object({
    title: text(spec('course', 'title')),
    summary: text(spec('course', 'summary')),
    description: text(spec('course', 'description')),
  }),
  category: z.object({
    name: text(spec('category', 'name')),
    description: text(spec('category', 'description')),
  }),
  boilerplate: z.object({ text: text(spec('boilerplate', 'text')) }),
  bank: bankFields,
  outline: outlineFields,
  module: z.object({ title: text(spec('module', 'title')) }),
  session: z.object({
    title: text(spec('session', 'title')),
    body: sessionBody,
  }),
  categories: z.object({
    order: z
      .array(z.string().regex(/^[a-z0-9-]{1,100}$/))
      .min(1)
      .max(spec('categories', 'order').max)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'order' }),
  }),
} satisfies Record<DocumentKind, z.ZodType>;

export type DocumentFields<K extends DocumentKind = DocumentKind> = z.infer<(typeof DOCUMENT_FIELDS)[K]>;

const KEY_PATTERNS: Record<DocumentKind, RegExp> = {
  content: /^[a-z0-9-]{1,100}$/,
  pf: /^[a-z0-9-]{1,100}$/,
  repository: /^[a-z0-9-]{1,100}$/,
  course: /^[a-z0-9-]{1,100}$/,
  category: /^[a-z0-9-]{1,100}$/,
  boilerplate: /^[a-zA-Z0-9_-]+(\.[a-zA-Z0-9_-]+){0,5}$/,
  bank: /^[a-z0-9-]{1,100}$/,
  outline: /^[a-z0-9-]{1,100}$/,
  module: /^[a-z0-9-]{1,100}\.[1-9]\d{0,2}$/,
  session: /^[a-z0-9-]{1,100}\.[1-9]\d{0,2}\.[1-9]\d{0,2}$/,
  // The catalogue has one list of categories.
  categories: /^catalogue$/,
};

/**
 * The course a document belongs to: its structure, texts, modules', sessions' and question bank's;
 * null for the site's other documents (pages, categories, strings). A course is published on its own by these.
 */
export function documentCourse(kind: DocumentKind, key: string): string | null {
  if (kind === 'outline' || kind === 'course' || kind === 'bank') return key;
  if (kind === 'module' || kind === 'session') return key.split('.')[0] ?? null;
  return null;
}

export function isDocumentKey(kind: DocumentKind, key: string): boolean {
  return key.length <= 110 && KEY_PATTERNS[kind].test(key);
}

/** Content pages with a route of their own (home, privacy, ...): that route shows them, the catch-all does not. */
export const FIXED_CONTENT_KEYS: readonly string[] = ['home', 'privacy', 'chi-siamo', 'assistenza', 'note-legali'];

/**
 * Whether a page key would take an address the site already uses: a content page lives at
 * /{locale}/{key}, so `logout`, `profile` or `course` would replace that route for everyone.
 * The fixed content pages are the exception: their route is the one that shows them.
 */
export function isReservedPageKey(kind: DocumentKind, key: string): boolean {
  return kind === 'content' && RESERVED_PATHS.includes(key) && !FIXED_CONTENT_KEYS.includes(key);
}

/** The audit event name for an action on a document: pages share `cms.page.*`. */
export function documentEventName(kind: DocumentKind, action: 'edit' | 'discard' | 'revert' | 'publish'): string {
  return `cms.${PAGE_KINDS.includes(kind) ? 'page' : kind}.${action}`;
}
