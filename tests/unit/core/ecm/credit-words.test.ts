import { describe, expect, it } from 'vitest';
import { creditsInItalianWords } from '../../../../core/ecm/credit-words.ts';

describe('credits in Italian words', () => {
  it('spells the figure as the certificate prints it beside the number', () => {
    expect(creditsInItalianWords(80)).toBe('otto');
    expect(creditsInItalianWords(105)).toBe('dieci virgola cinque');
    expect(creditsInItalianWords(210)).toBe('ventuno');
    expect(creditsInItalianWords(230)).toBe('ventitré');
    expect(creditsInItalianWords(385)).toBe('trentotto virgola cinque');
    expect(creditsInItalianWords(500)).toBe('cinquanta');
    expect(creditsInItalianWords(0)).toBe('zero');
    expect(creditsInItalianWords(175)).toBe('diciassette virgola cinque');
  });
});
