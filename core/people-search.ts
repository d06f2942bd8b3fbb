import { searchWords } from './search-terms.ts';

/** At most this many words of a typed search count; a person is found by a handful. */
export const MAX_PEOPLE_SEARCH_WORDS = 6;
const MAX_WORD_LENGTH = 64;

/**
 * The full-text query of the learners list for what staff typed (a name, an e-mail address, a
 * user code, a codice fiscale, or the start of any of them): its words as the index splits them
 * (lowercased, without diacritics; "giulia.bianchi@ex" is giulia, bianchi, ex), each required
 * as the start of a word of the person's. Only quoted terms reach FTS5, so nothing typed is read
 * as its syntax. Null when nothing typed can be searched (punctuation, emoji).
 */
export function peopleSearchExpression(typed: string): string | null {
  const words = searchWords(typed)
    .slice(0, MAX_PEOPLE_SEARCH_WORDS)
    .map((word) => `"${word.slice(0, MAX_WORD_LENGTH)}"*`);
  return words.length ? words.join(' ') : null;
}
