import { describe, expect, it } from 'vitest';
import { indexTerms, MAX_SEARCH_WORDS, queryTerms, searchWords } from '../../../core/search-terms.ts';

/** Whether a typed word finds a text: one of its alternatives starts one of the text's index terms. */
const finds = (typed: string, text: string, locale: string) =>
  (queryTerms(typed, [locale])[0] ?? []).some((alternative) => indexTerms(text, locale).some((term) => term.startsWith(alternative)));

describe('searchWords', () => {
  it('lowercases, drops diacritics and splits on everything but letters and numbers', () => {
    expect(searchWords("È rivolto all'Infermiere: ECG, Müller-Lüdenscheidt e qualità 2026!")).toEqual([
      'e',
      'rivolto',
      'all',
      'infermiere',
      'ecg',
      'muller',
      'ludenscheidt',
      'e',
      'qualita',
      '2026',
    ]);
  });

  it('finds no word in emoji, punctuation or blanks', () => {
    expect(searchWords('😀😀 %% "*" — ')).toEqual([]);
  });
});

describe('indexTerms: each word and its stem in the text’s language', () => {
  it('Italian: infermieri and infermiera share their stem, and either finds the other', () => {
    expect(indexTerms('infermieri', 'it-IT')).toEqual(['infermieri', 'infermier']);
    expect(indexTerms('Infermiera', 'it-IT')).toEqual(['infermiera', 'infermier']);
    expect(finds('infermieri', 'Per l’infermiera di reparto', 'it-IT')).toBe(true);
    expect(finds('infermiera', 'rivolto a infermieri e medici', 'it-IT')).toBe(true);
  });

  it('German: inflected forms reach the same stem, umlauts or not', () => {
    expect(indexTerms('Pflegekräfte', 'de-DE')).toEqual(['pflegekrafte', 'pflegekraft']);
    expect(finds('Pflegekraft', 'Für Pflegekräfte im Nachtdienst', 'de-DE')).toBe(true);
    expect(finds('Ärzte', 'Jeder Arzt', 'de-DE')).toBe(true);
    expect(finds('Straße', 'Strasse', 'de-DE')).toBe(true);
    expect(finds('Krankenpfleger', 'Krankenpflegerinnen', 'de-DE')).toBe(true);
    expect(finds('Patienten', 'Der Patient', 'de-DE')).toBe(true);
  });

  it('English: nurses finds nursing', () => {
    expect(indexTerms('Nursing', 'en-US')).toEqual(['nursing', 'nurs']);
    expect(finds('nurses', 'Nursing care', 'en-US')).toBe(true);
  });

  it('keeps the whole word beside its stem, so a partial word the stemmer reads differently is still found', () => {
    expect(indexTerms('amministrazione', 'it-IT')).toEqual(['amministrazione', 'amministr']);
    expect(finds('amministraz', 'amministrazione', 'it-IT')).toBe(true);
  });

  it('does not stem a language it has no stemmer for, and is deterministic', () => {
    expect(indexTerms('Infermieri', 'fr-FR')).toEqual(['infermieri']);
    expect(indexTerms('Cardiologia di base', 'it-IT')).toEqual(indexTerms('CARDIOLOGIA DI BASE', 'it-IT'));
  });

  it('is accent-blind: càrdio, cardio and CARDIO look for the same thing', () => {
    expect(queryTerms('càrdio', ['it-IT'])).toEqual(queryTerms('CARDIO', ['it-IT']));
    expect(finds('càrdio', 'Cardiologia', 'it-IT')).toBe(true);
  });
});

describe('queryTerms', () => {
  it("gives each typed word its alternatives in the texts' languages, leaving out what a shorter prefix covers", () => {
    expect(queryTerms('infermieri', ['it-IT'])).toEqual([['infermier']]);
    expect(queryTerms('nurses', ['en-US', 'it-IT'])).toEqual([['nurs']]);
    expect(queryTerms('Wunden', ['de-DE', 'it-IT'])).toEqual([['wund']]);
    expect(queryTerms('amministraz leggere', ['it-IT'])).toEqual([['amministraz'], ['legg']]);
  });

  it('keeps at most eight words, and none from emoji or punctuation', () => {
    expect(queryTerms(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' '), ['it-IT'])).toHaveLength(MAX_SEARCH_WORDS);
    expect(queryTerms('😀 %% "', ['it-IT'])).toEqual([]);
  });
});
