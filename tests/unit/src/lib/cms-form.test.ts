import { describe, expect, it } from 'vitest';
import { DOCUMENT_FIELDS, DOCUMENT_KINDS, documentEventName, isDocumentKey, STRUCTURE_KINDS, type DocumentKind } from '../../../../core/cms-document.ts';
import { placeholderMismatch } from '../../../../core/placeholders.ts';
import { emptyDoc, type RichDoc } from '../../../../core/rich-text.ts';
import { emptyFields, FORMS, missingField, move, toPayload, type Block, type FormFields } from '../../../../src/lib/cms-form.ts';

describe('the editor form', () => {
  it('names the first required field left empty', () => {
    expect(missingField('content', { title: 'Privacy', description: '', body: [{ type: 'p', text: '  ' }] })).toBe('body');
    expect(missingField('content', { title: ' ', description: '', body: [{ type: 'p', text: 'x' }] })).toBe('title');
    expect(missingField('category', { name: 'Rischio', description: '' })).toBeNull();
    expect(missingField('course', emptyFields('course'))).toBe('title');
  });

  it('sends trimmed text and drops empty blocks', () => {
    expect(
      toPayload('content', {
        title: ' Privacy ',
        description: '',
        body: [
          { type: 'h2', text: ' A ' },
          { type: 'p', text: '' },
        ],
      }),
    ).toEqual({
      title: 'Privacy',
      description: '',
      body: [{ type: 'h2', text: 'A' }],
    });
  });

  it('moves blocks within the list only', () => {
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});

describe('CMS documents', () => {
  it('accepts keys by kind and refuses paths', () => {
    expect(isDocumentKey('boilerplate', 'catalogue.count')).toBe(true);
    expect(isDocumentKey('content', 'privacy')).toBe(true);
    expect(isDocumentKey('content', '../etc')).toBe(false);
    expect(isDocumentKey('course', 'Corso Nuovo')).toBe(false);
  });

  it('finds placeholders an edit lost or invented', () => {
    expect(placeholderMismatch('{count} corsi su {total}', 'Corsi: {count}/{total}')).toEqual({ missing: [], unknown: [] });
    expect(placeholderMismatch('{count} corsi', 'Molti corsi {n}')).toEqual({ missing: ['count'], unknown: ['n'] });
  });

  it('names audit events by kind, pages sharing one name', () => {
    expect(documentEventName('pf', 'publish')).toBe('cms.page.publish');
    expect(documentEventName('course', 'edit')).toBe('cms.course.edit');
  });
});

describe('the editor form and the API read the same limits', () => {
  /** A rich text whose stored document is `length` characters long (paragraphs of 4,000 characters, and the rest), or one short paragraph. */
  const richSample = (length: number): RichDoc => {
    const paragraph = (n: number) => ({ type: 'paragraph' as const, content: [{ type: 'text' as const, text: 'x'.repeat(n) }] });
    if (length < 200) return { type: 'doc', content: [paragraph(1)] };
    const remaining = length - JSON.stringify({ type: 'doc', content: [] }).length;
    const overhead = JSON.stringify(paragraph(0)).length;
    const full = Math.max(0, Math.floor((remaining - overhead - 1) / (overhead + 4001)));
    const content = [...Array.from({ length: full }, () => paragraph(4000)), paragraph(remaining - full * (overhead + 4001) - overhead)];
    expect(JSON.stringify({ type: 'doc', content }).length).toBe(length);
    return { type: 'doc', content };
  };
  const sample = (input: string, length: number): string | Block[] | RichDoc =>
    input === 'rich' ? richSample(length) : input === 'blocks' ? Array.from({ length }, () => ({ type: 'p' as const, text: 'x' })) : 'x'.repeat(length);
  const valid = (kind: DocumentKind): FormFields => Object.fromEntries(FORMS[kind].map((field) => [field.name, sample(field.input, 1)]));

  // A question bank's limits are the ECM rules (count per credit, four options, one correct): tests/unit/core/ecm/ecm-rules.test.ts.
  // Structure has editors of its own (islands/cms/course): tests/api/cms/course-authoring.test.ts.
  for (const kind of DOCUMENT_KINDS.filter((candidate) => candidate !== 'bank' && !STRUCTURE_KINDS.includes(candidate))) {
    it(`${kind}: every field of the form is one the API takes, up to the form's limit and not past it`, () => {
      const schema = DOCUMENT_FIELDS[kind];
      expect(FORMS[kind].map((field) => field.name).sort()).toEqual(Object.keys(schema.shape).sort());
      for (const field of FORMS[kind]) {
        expect(schema.safeParse({ ...valid(kind), [field.name]: sample(field.input, field.max) }).success, `${field.name} at ${field.max}`).toBe(true);
        expect(schema.safeParse({ ...valid(kind), [field.name]: sample(field.input, field.max + 1) }).success, `${field.name} past ${field.max}`).toBe(false);
        const empty = toPayload(kind, {
          ...valid(kind),
          [field.name]: field.input === 'rich' ? emptyDoc() : field.input === 'blocks' ? [{ type: 'p' as const, text: ' ' }] : ' ',
        });
        expect(schema.safeParse(empty).success, `${field.name} left empty`).toBe(!field.required);
        expect(missingField(kind, { ...valid(kind), [field.name]: field.input === 'blocks' || field.input === 'rich' ? [] : '' })).toBe(
          field.required ? field.name : null,
        );
      }
    });
  }
});
