import { BLOCK_TYPES, DOCUMENT_FIELD_SPECS, type DocumentKind, type FieldSpec } from '../../core/cms-fields.ts';
import { emptyDoc, isEmptyDoc, richDoc, type RichDoc } from '../../core/rich-text.ts';

export type { FieldSpec };

/**
 * The editor's form for each kind: the fields and limits the API validates, read from the same
 * plain specs its schemas are built from (`core/cms-fields.ts`, zod-free to keep zod out of the
 * editor's chunk).
 */
export const FORMS: Record<DocumentKind, readonly FieldSpec[]> = DOCUMENT_FIELD_SPECS;

/** A stored value in the form: a rich text as its document (converted from before the rich editor), anything else as it is. */
export function formValue(field: FieldSpec, stored: unknown): FormFields[string] | undefined {
  if (field.input === 'rich') return stored === undefined || stored === null ? undefined : richDoc(stored);
  return stored as FormFields[string] | undefined;
}

/** A page body's block: a heading or a paragraph. */
export interface Block {
  type: (typeof BLOCK_TYPES)[number];
  text: string;
}

/** A question of an ECM bank as the editor edits it: four options and the index of the correct one. */
export interface BankQuestionForm {
  id: string;
  text: string;
  options: string[];
  correct: number | null;
  /** The session it comes from, `module.session` (shown after a failed attempt), or empty. */
  session?: string | null;
}

export type FormFields = Record<string, string | Block[] | BankQuestionForm[] | RichDoc>;

const isQuestions = (field: FieldSpec, _value: unknown): _value is BankQuestionForm[] => field.input === 'questions';

export function emptyFields(kind: DocumentKind): FormFields {
  return Object.fromEntries(
    FORMS[kind].map((field) => [
      field.name,
      field.input === 'blocks' ? [{ type: 'p', text: '' }] : field.input === 'rich' ? emptyDoc() : field.input === 'questions' ? [] : '',
    ]),
  );
}

/** The first required field left empty (a page body needs at least one block with text), or null. */
export function missingField(kind: DocumentKind, fields: FormFields): string | null {
  for (const field of FORMS[kind]) {
    if (!field.required) continue;
    const value = fields[field.name];
    const empty = Array.isArray(value)
      ? value.every((item: { text: string }) => item.text.trim() === '')
      : typeof value === 'string'
        ? value.trim() === ''
        : value === undefined || isEmptyDoc(value);
    if (empty) return field.name;
  }
  return null;
}

/** What is sent: trimmed text, and body blocks without the empty ones the editor left. */
export function toPayload(kind: DocumentKind, fields: FormFields): FormFields {
  return Object.fromEntries(
    FORMS[kind].map((field) => {
      const value = fields[field.name] ?? '';
      if (field.input === 'rich') return [field.name, value];
      if (isQuestions(field, value)) {
        return [
          field.name,
          value.map((question) => ({
            id: question.id,
            text: question.text.trim(),
            options: question.options.map((option) => option.trim()),
            correct: question.correct,
            session: question.session?.trim() || null,
          })),
        ];
      }
      return [
        field.name,
        Array.isArray(value)
          ? (value as Block[]).map((block) => ({ type: block.type, text: block.text.trim() })).filter((block) => block.text !== '')
          : String(value).trim(),
      ];
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
