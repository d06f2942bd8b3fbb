import { describe, expect, it } from 'vitest';
import { creditsInWords } from '../../../../core/ecm/credit-words.ts';

describe('credits in words', () => {
  it('spells the figure in Italian as the certificate prints it beside the number', () => {
    expect(creditsInWords(80, 'it-IT')).toBe('otto');
    expect(creditsInWords(105, 'it-IT')).toBe('dieci virgola cinque');
    expect(creditsInWords(210, 'it-IT')).toBe('ventuno');
    expect(creditsInWords(230, 'it-IT')).toBe('ventitré');
    expect(creditsInWords(385, 'it-IT')).toBe('trentotto virgola cinque');
    expect(creditsInWords(500, 'it-IT')).toBe('cinquanta');
    expect(creditsInWords(0, 'it-IT')).toBe('zero');
    expect(creditsInWords(175, 'it-IT')).toBe('diciassette virgola cinque');
  });

  it('spells it in English on an English certificate', () => {
    expect(creditsInWords(105, 'en-US')).toBe('ten point five');
    expect(creditsInWords(0, 'en-US')).toBe('zero');
    expect(creditsInWords(10, 'en-US')).toBe('one');
    expect(creditsInWords(15, 'en-US')).toBe('one point five');
    expect(creditsInWords(60, 'en-US')).toBe('six');
    expect(creditsInWords(123, 'en-US')).toBe('twelve point three');
    expect(creditsInWords(210, 'en-US')).toBe('twenty-one');
    expect(creditsInWords(385, 'en-US')).toBe('thirty-eight point five');
    expect(creditsInWords(400, 'en-US')).toBe('forty');
    expect(creditsInWords(499, 'en-US')).toBe('forty-nine point nine');
    expect(creditsInWords(500, 'en-US')).toBe('fifty');
  });

  it('spells it in German on a German certificate', () => {
    expect(creditsInWords(105, 'de-DE')).toBe('zehn Komma fünf');
    expect(creditsInWords(0, 'de-DE')).toBe('null');
    expect(creditsInWords(10, 'de-DE')).toBe('eins');
    expect(creditsInWords(11, 'de-DE')).toBe('eins Komma eins');
    expect(creditsInWords(70, 'de-DE')).toBe('sieben');
    expect(creditsInWords(120, 'de-DE')).toBe('zwölf');
    expect(creditsInWords(175, 'de-DE')).toBe('siebzehn Komma fünf');
    expect(creditsInWords(210, 'de-DE')).toBe('einundzwanzig');
    expect(creditsInWords(305, 'de-DE')).toBe('dreißig Komma fünf');
    expect(creditsInWords(385, 'de-DE')).toBe('achtunddreißig Komma fünf');
    expect(creditsInWords(500, 'de-DE')).toBe('fünfzig');
  });

  it('falls back to Italian, the language of the ECM rules, for a language without its own words', () => {
    expect(creditsInWords(105, 'fr-FR')).toBe('dieci virgola cinque');
  });

  it('spells every figure the registry allows in every language', () => {
    for (const locale of ['it-IT', 'en-US', 'de-DE']) {
      for (let tenths = 0; tenths <= 500; tenths += 1) {
        const words = creditsInWords(tenths, locale);
        expect(words).toMatch(/^\p{L}+(?:-\p{L}+)?(?: \p{L}+ \p{L}+)?$/u);
        expect(words.split(' ')).toHaveLength(tenths % 10 ? 3 : 1);
      }
    }
  });
});
