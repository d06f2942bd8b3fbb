/**
 * Which of the two plural forms a count takes in a language ("ne manca 1" / "ne mancano 2",
 * "1 ist noch offen" / "2 sind noch offen"), by the language's own rules. Italian, English and
 * German have only these two for whole numbers; any further category a locale's rules give
 * (Italian's "many" for a million) reads as the plural.
 */
export function pluralForm(count: number, locale: string): 'one' | 'other' {
  return new Intl.PluralRules(locale).select(count) === 'one' ? 'one' : 'other';
}
