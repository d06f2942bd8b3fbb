import type { DocumentKind } from '../../core/cms-document.ts';

export interface FieldSpec {
  name: string;
  input: 'line' | 'text' | 'blocks' | 'questions';
  required: boolean;
  max: number;
}

const pageForm: FieldSpec[] = [
  { name: 'title', input: 'line', required: true, max: 200 },
  { name: 'description', input: 'text', required: false, max: 300 },
  { name: 'body', input: 'blocks', required: true, max: 100 },
];

/** The editor's form for each kind: the same fields and limits the API validates. */
export const FORMS: Record<DocumentKind, FieldSpec[]> = {
  content: pageForm,
  pf: pageForm,
  repository: pageForm,
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
  bank: [{ name: 'questions', input: 'questions', required: true, max: 400 }],
};

export interface Block {
  type: 'h2' | 'p';
  text: string;
}

/** A question of an ECM bank as the editor edits it: four options and the index of the correct one. */
export interface BankQuestionForm {
  id: string;
  text: string;
  options: string[];
  correct: number | null;
}

export type FormFields = Record<string, string | Block[] | BankQuestionForm[]>;

const isQuestions = (field: FieldSpec, _value: unknown): _value is BankQuestionForm[] => field.input === 'questions';

export function emptyFields(kind: DocumentKind): FormFields {
  return Object.fromEntries(FORMS[kind].map((field) => [field.name, field.input === 'blocks' ? [{ type: 'p', text: '' }] : field.input === 'questions' ? [] : '']));
}

/** The first required field left empty (a page body needs at least one block with text), or null. */
export function missingField(kind: DocumentKind, fields: FormFields): string | null {
  for (const field of FORMS[kind]) {
    if (!field.required) continue;
    const value = fields[field.name];
    const empty = Array.isArray(value) ? value.every((item: { text: string }) => item.text.trim() === '') : (value ?? '').trim() === '';
    if (empty) return field.name;
  }
  return null;
}

/** What is sent: trimmed text, and body blocks without the empty ones the editor left. */
export function toPayload(kind: DocumentKind, fields: FormFields): FormFields {
  return Object.fromEntries(
    FORMS[kind].map((field) => {
      const value = fields[field.name] ?? '';
      if (isQuestions(field, value)) {
        return [field.name, value.map((question) => ({ id: question.id, text: question.text.trim(), options: question.options.map((option) => option.trim()), correct: question.correct }))];
      }
      return [field.name, Array.isArray(value) ? (value as Block[]).map((block) => ({ type: block.type, text: block.text.trim() })).filter((block) => block.text !== '') : value.trim()];
    }),
  );
}

/** Moves an item one place up (-1) or down (+1); out of range leaves the list as it is. */
export function move<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const copy = [...list];
  [copy[index], copy[target]] = [copy[target] as T, copy[index] as T];
  return copy;
}

/** A new, empty bank question with an id unused in the bank. */
export function newQuestion(existing: readonly BankQuestionForm[]): BankQuestionForm {
  const taken = new Set(existing.map((question) => question.id));
  let n = existing.length + 1;
  while (taken.has(`q${n}`)) n++;
  return { id: `q${n}`, text: '', options: ['', '', '', ''], correct: null };
}
