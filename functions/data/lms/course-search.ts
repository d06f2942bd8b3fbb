import { queryTerms } from '../../../core/search-terms.ts';

/**
 * Catalogue text search on D1's full-text index (migration 0019: `course_search`, whose words are
 * written stemmed by `search-index.ts`). What a visitor types never reaches FTS5 as syntax: its
 * words (core/search-terms.ts) are letters and numbers only, each sent as quoted prefix terms, so
 * `"`, `*`, `-`, `:` or parentheses only separate words, `NEAR` or `OR` are words like any other,
 * and a query with nothing to index (emoji, `%`) is not sent.
 */

/** The FTS5 query for what was typed, every word required, as a prefix of itself or of its stem in each of `locales`. */
function expression(text: string, locales: readonly string[]): string | null {
  const words = queryTerms(text, locales).map((alternatives) => {
    const terms = alternatives.map((term) => `"${term}"*`);
    return terms.length === 1 ? terms[0] : `(${terms.join(' OR ')})`;
  });
  return words.length ? words.join(' ') : null;
}

/**
 * The FTS5 queries for what was typed: for the texts in the page's locale (stems of that locale
 * and of the default one, whose module and session titles stand in for missing translations),
 * and for the default locale's texts of untranslated courses. Null when nothing is searchable.
 */
export function searchExpressions(text: string, locale: string, defaultLocale: string): { page: string; fallback: string } | null {
  const page = expression(text, [locale, defaultLocale]);
  const fallback = expression(text, [defaultLocale]);
  return page && fallback ? { page, fallback } : null;
}

/**
 * The courses whose text in the page's locale (or, for a course not translated into it, in the
 * site's default locale, as the cards show) matches, with their bm25 rank: lower is better; a
 * word in the title weighs ten times one in the description or the module and session titles,
 * one in the summary twice. Each locale's texts are matched by the words stemmed for them: the
 * page's locale's with its own and the default one's stems (its untranslated module and session
 * titles are in the default locale), the default locale's with that one's only.
 * Binds, in order: the page's expression, the locale, the fallback expression, the default
 * locale, the locale, the locale.
 */
export const SEARCH_HITS = `SELECT r.course_id, bm25(course_search, 10.0, 2.0, 1.0, 1.0) AS rank
  FROM course_search JOIN course_search_row r ON r.id = course_search.rowid
  WHERE course_search MATCH ? AND r.locale = ?
  UNION ALL
  SELECT r.course_id, bm25(course_search, 10.0, 2.0, 1.0, 1.0) AS rank
  FROM course_search JOIN course_search_row r ON r.id = course_search.rowid
  WHERE course_search MATCH ? AND r.locale = ? AND r.locale <> ?
    AND NOT EXISTS (SELECT 1 FROM course_text x WHERE x.course_id = r.course_id AND x.locale = ?)`;

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
