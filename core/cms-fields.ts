import { RICH_DOC_MAX } from './rich-text.ts';
/**
 * The fields of each kind of CMS document and their limits, as plain data: the zod schemas of
 * `cms-document.ts` are built from them and the editor's form (`src/lib/cms-form.ts`) reads them,
 * so both sides refuse the same text. Kept free of zod: the editor's chunk imports this file.
 */
export const DOCUMENT_KINDS = [
  'content',
  'pf',
  'repository',
  'course',
  'category',
  'boilerplate',
  'bank',
  'outline',
  'module',
  'session',
  'categories',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const PAGE_KINDS: readonly DocumentKind[] = ['content', 'pf', 'repository'];

/**
 * Kinds that hold structure rather than text (a course's modules and sessions, the catalogue's
 * categories): one document per site, kept under the site's default locale.
 */
export const STRUCTURE_KINDS: readonly DocumentKind[] = ['outline', 'categories'];

export interface FieldSpec {
  name: string;
  /**
   * A one-line input, a text area, a page body of heading/paragraph blocks, a session's rich text
   * (`rich-text.ts`), an ECM question bank, a course's structure or the categories' order.
   */
  input: 'line' | 'text' | 'blocks' | 'rich' | 'questions' | 'outline' | 'order';
  required: boolean;
  /** Characters of text; for a page's body, blocks; for a rich text, characters of its document. */
  max: number;
}

export const BLOCK_TYPES = ['h2', 'p'] as const;
export const BLOCK_TEXT_MAX = 5000;

/** A course's size: modules, and sessions in each. */
export const OUTLINE_MODULES_MAX = 50;
export const OUTLINE_SESSIONS_MAX = 50;

const PAGE_FIELDS = [
  { name: 'title', input: 'line', required: true, max: 200 },
  { name: 'description', input: 'text', required: false, max: 300 },
  { name: 'body', input: 'blocks', required: true, max: 100 },
] as const satisfies readonly FieldSpec[];

export const DOCUMENT_FIELD_SPECS = {
  content: PAGE_FIELDS,
  pf: PAGE_FIELDS,
  repository: PAGE_FIELDS,
  course: [
    { name: 'title', input: 'line', required: true, max: 200 },
    { name: 'summary', input: 'text', required: true, max: 500 },
    { name: 'description', input: 'text', required: true, max: 10000 },
  ],
  category: [
    { name: 'name', input: 'line', required: true, max: 100 },
    { name: 'description', input: 'text', required: false, max: 500 },
  ],
  boilerplate: [{ name: 'text', input: 'text', required: true, max: 1000 }],
  // Questions; the ECM rules (core/ecm/question-bank.ts) decide how many a course needs.
  bank: [{ name: 'questions', input: 'questions', required: true, max: 400 }],
  // Modules; the outline's own editor (islands/cms/course) shows its sessions, category and credits.
  outline: [{ name: 'modules', input: 'outline', required: true, max: OUTLINE_MODULES_MAX }],
  module: [{ name: 'title', input: 'line', required: true, max: 200 }],
  session: [
    { name: 'title', input: 'line', required: true, max: 200 },
    { name: 'body', input: 'rich', required: false, max: RICH_DOC_MAX },
  ],
  categories: [{ name: 'order', input: 'order', required: true, max: 100 }],
} as const satisfies Record<DocumentKind, readonly FieldSpec[]>;
