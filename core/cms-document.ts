import { z } from 'zod';
import { bankFields } from './ecm/question-bank.ts';


/**
 * What editors can change: pages (content, pf, repository), course texts, categories and
 * interface strings, and the question banks of ECM courses (key: course id; editors only, since
 * they hold the correct answers). Each kind has a key (slug, course id, category id, boilerplate key) and its
 * own fields; drafts, versions, revert and publish treat every kind the same way.
 */
export const DOCUMENT_KINDS = ['content', 'pf', 'repository', 'course', 'category', 'boilerplate', 'bank'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const PAGE_KINDS: readonly DocumentKind[] = ['content', 'pf', 'repository'];

const block = z.object({ type: z.enum(['h2', 'p']), text: z.string().trim().min(1).max(5000) });

const pageFields = z.object({
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(300),
  body: z.array(block).min(1).max(100),
});

export const DOCUMENT_FIELDS = {
  content: pageFields,
  pf: pageFields,
  repository: pageFields,
  course: z.object({
    title: z.string().trim().min(1).max(200),
    summary: z.string().trim().min(1).max(500),
    description: z.string().trim().min(1).max(10000),
  }),
  category: z.object({
    name: z.string().trim().min(1).max(100),
    description: z.string().trim().max(500),
  }),
  boilerplate: z.object({ text: z.string().trim().min(1).max(1000) }),
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

export function isDocumentKind(value: string): value is DocumentKind {
  return (DOCUMENT_KINDS as readonly string[]).includes(value);
}

export function isDocumentKey(kind: DocumentKind, key: string): boolean {
  return key.length <= 100 && KEY_PATTERNS[kind].test(key);
}

/** The audit event name for an action on a document: pages share `cms.page.*`. */
export function documentEventName(kind: DocumentKind, action: 'edit' | 'discard' | 'revert' | 'publish'): string {
  return `cms.${PAGE_KINDS.includes(kind) ? 'page' : kind}.${action}`;
}
