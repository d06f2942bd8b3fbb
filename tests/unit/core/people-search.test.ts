import { describe, expect, it } from 'vitest';
import { peopleSearchExpression } from '../../../core/people-search.ts';

describe('peopleSearchExpression', () => {
  it('requires every typed word as the start of a word, lowercased and without diacritics', () => {
    expect(peopleSearchExpression('Nicolò D’Annunzio')).toBe('"nicolo"* "d"* "annunzio"*');
    expect(peopleSearchExpression('giulia.bianchi@example.it')).toBe('"giulia"* "bianchi"* "example"* "it"*');
    expect(peopleSearchExpression('BNCGLI88C52F205X')).toBe('"bncgli88c52f205x"*');
  });

  it('gives FTS5 only quoted words: its operators and quotes are separators or words', () => {
    expect(peopleSearchExpression('"rossi" OR NEAR(a*)')).toBe('"rossi"* "or"* "near"* "a"*');
    expect(peopleSearchExpression('-rossi ^mario')).toBe('"rossi"* "mario"*');
  });

  it('is null when nothing typed can be searched, and keeps at most six words', () => {
    for (const typed of ['', '   ', '%', '🧨', '"*"']) expect(peopleSearchExpression(typed)).toBeNull();
    expect(peopleSearchExpression('a b c d e f g h')).toBe('"a"* "b"* "c"* "d"* "e"* "f"*');
  });
});
