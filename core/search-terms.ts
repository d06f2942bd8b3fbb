import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as italian } from '@orama/stemmers/italian';

/**
 * The words of the catalogue search, the same on both sides: what the index stores for a text
 * (`indexTerms`) and what a typed query looks for (`queryTerms`). D1's full-text tokenizers stem
 * English only, so each word is stemmed here with the Snowball stemmer of its text's language.
 */

export const MAX_SEARCH_WORDS = 8;
const MAX_WORD_LENGTH = 100;

/** Snowball stemmers by language; a locale of another language is searched by whole words. */
const STEMMERS: Record<string, (word: string) => string> = { it: italian, de: german, en: english };

/**
 * Lowercased words without diacritics, split where the index's tokenizer (unicode61) splits:
 * everything but letters, numbers and private-use characters separates words. Diacritics go
 * before stemming, so "qualità" and "qualita" reach the stemmer as the same word.
 */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .split(/[^\p{L}\p{N}\p{Co}]+/u)
    .filter((word) => word !== '');
}

function stem(word: string, locale: string): string {
  const stemmer = STEMMERS[locale.slice(0, 2)];
  return stemmer ? stemmer(word) : word;
}

/**
 * What the index stores for a text in `locale`: each word's stem, and the word itself where the
 * stemmer changed it, so a partial word that stems differently ("amministraz" of
 * "amministrazione", whose stem is "amministr") is still found as the start of the whole word.
 */
export function indexTerms(text: string, locale: string): string[] {
  return searchWords(text).flatMap((word) => {
    const stemmed = stem(word, locale);
    return stemmed === word ? [word] : [word, stemmed];
  });
}

/**
 * What a typed query looks for: at most eight words, each as its alternatives (the word and its
 * stem in each of `locales`, the texts' languages), every alternative meant as a prefix. An
 * alternative that starts with another is left out: the shorter prefix finds it already.
 */
export function queryTerms(text: string, locales: readonly string[]): string[][] {
  return searchWords(text)
    .slice(0, MAX_SEARCH_WORDS)
    .map((typed) => {
      const word = typed.slice(0, MAX_WORD_LENGTH);
      const candidates = [...new Set([word, ...locales.map((locale) => stem(word, locale))])].sort();
      return candidates.filter((candidate) => !candidates.some((other) => other !== candidate && candidate.startsWith(other)));
    });
}
