import { z } from 'zod';
import { bankFields } from './ecm/question-bank.ts';
import { BLOCK_TEXT_MAX, BLOCK_TYPES, DOCUMENT_FIELD_SPECS, DOCUMENT_KINDS, PAGE_KINDS, type DocumentKind, type FieldSpec } from './cms-fields.ts';
import { plainText } from './contracts/common.ts';
import { RESERVED_PATHS } from './reserved-paths.ts';

export { DOCUMENT_KINDS, PAGE_KINDS, type DocumentKind };

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
};

export function isDocumentKey(kind: DocumentKind, key: string): boolean {
  return key.length <= 100 && KEY_PATTERNS[kind].test(key);
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
