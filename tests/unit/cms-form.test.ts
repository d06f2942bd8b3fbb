import { describe, expect, it } from 'vitest';
import { documentEventName, isDocumentKey } from '../../core/cms-document.ts';
import { placeholderMismatch } from '../../core/placeholders.ts';
import { emptyFields, missingField, move, toPayload } from '../../src/lib/cms-form.ts';

describe('the editor form', () => {
  it('names the first required field left empty', () => {
    expect(missingField('content', { title: 'Privacy', description: '', body: [{ type: 'p', text: '  ' }] })).toBe('body');
    expect(missingField('content', { title: ' ', description: '', body: [{ type: 'p', text: 'x' }] })).toBe('title');
    expect(missingField('category', { name: 'Rischio', description: '' })).toBeNull();
    expect(missingField('course', emptyFields('course'))).toBe('title');
  });

  it('sends trimmed text and drops empty blocks', () => {
    expect(toPayload('content', { title: ' Privacy ', description: '', body: [{ type: 'h2', text: ' A ' }, { type: 'p', text: '' }] })).toEqual({
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
