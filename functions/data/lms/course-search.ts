/**
 * Catalogue text search on D1's full-text index (migration 0007: `course_search`, unicode61 with
 * diacritics removed). What a visitor types never reaches FTS5 as syntax: each word becomes a
 * quoted prefix term, so `"`, `*`, `NEAR`, `-`, `:` or parentheses are only text, and a word with
 * nothing to index (emoji, `%`) is dropped rather than sent.
 */
export const MAX_SEARCH_WORDS = 8;
const MAX_WORD_LENGTH = 100;
// What unicode61 indexes: letters, numbers and private-use characters; the rest separates words.
const INDEXED = /[\p{L}\p{N}\p{Co}]/u;

/** The FTS5 query for what was typed: every word as a prefix, all required. Null when nothing is searchable. */
export function searchExpression(text: string): string | null {
  const words = text
    .normalize('NFC')
    .split(/\s+/)
    .map((word) => word.slice(0, MAX_WORD_LENGTH))
    .filter((word) => INDEXED.test(word))
    .slice(0, MAX_SEARCH_WORDS)
    .map((word) => `"${word.replace(/"/g, '""')}"*`);
  return words.length ? words.join(' ') : null;
}

/**
 * The courses whose text in the page's locale (or, for a course not translated into it, in the
 * site's default locale, as the cards show) matches, with their bm25 rank: lower is better, and
 * a word in the title weighs ten times one in the summary.
 * Binds, in order: the expression, the locale, the default locale, the locale.
 */
export const SEARCH_HITS = `SELECT r.course_id, bm25(course_search, 10.0, 1.0) AS rank
  FROM course_search JOIN course_search_row r ON r.id = course_search.rowid
  WHERE course_search MATCH ?
    AND (r.locale = ? OR (r.locale = ? AND NOT EXISTS (SELECT 1 FROM course_text x WHERE x.course_id = r.course_id AND x.locale = ?)))`;

/** A failed search query must not show D1's own words on the error screen, not even in development. */
export class SearchUnavailableError extends Error {
  constructor() {
    super('Catalogue search is unavailable right now.');
    this.name = 'SearchUnavailableError';
  }
}

/** The search's answer, or, when D1 fails, an error that carries none of D1's text (that goes to the log). */
export async function quietSearch<T>(pending: Promise<T>): Promise<T> {
  try {
    return await pending;
  } catch (error) {
    console.error('Catalogue search failed:', error);
    throw new SearchUnavailableError();
  }
}
