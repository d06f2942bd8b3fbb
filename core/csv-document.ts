import { csvCell } from './plain-text.ts';

/** What separates a CSV file's columns. */
export type CsvSeparator = ',' | ';';

/**
 * The separator a staff member's spreadsheet expects: Excel set to Italian or German reads `;`
 * between columns (their decimal mark is the comma) and shows a comma-separated file as one
 * column; elsewhere `,`.
 */
export function csvSeparatorFor(locale: string): CsvSeparator {
  return /^(it|de)(-|$)/.test(locale) ? ';' : ',';
}

/** A decimal figure (`12.5`) as that spreadsheet reads a number: `12,5` where the columns are separated by `;`. */
export function csvDecimal(value: string, separator: CsvSeparator): string {
  return separator === ';' ? value.replace('.', ',') : value;
}

/**
 * A CSV file (RFC 4180, with the locale's separator): the header's names as they are, every other
 * cell through `csvCell` (quoted, a formula defused), lines ending CRLF, and a byte-order mark so
 * spreadsheets open it as UTF-8 with accented names intact.
 */
export function csvDocument(header: readonly string[], rows: readonly (readonly string[])[], separator: CsvSeparator): string {
  const lines = [header.join(separator), ...rows.map((row) => row.map(csvCell).join(separator))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
