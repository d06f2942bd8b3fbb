/**
 * The CSV import of people (staff area, `POST /api/staff/people/import`): its columns, as the
 * first row names them (any case; the English names are accepted too), and its limits. The page
 * and the README list the same columns.
 */
export const IMPORT_COLUMNS = [
  { name: 'nome', alias: 'first_name', field: 'firstName', required: true },
  { name: 'cognome', alias: 'last_name', field: 'lastName', required: true },
  { name: 'email', alias: 'e-mail', field: 'email', required: true },
  { name: 'codice_fiscale', alias: 'fiscal_code', field: 'fiscalCode', required: false },
  { name: 'lingua', alias: 'locale', field: 'locale', required: false },
] as const;

export type ImportField = (typeof IMPORT_COLUMNS)[number]['field'];

/** People per file: 10,000 rows are written in one D1 batch within a request's time. */
export const MAX_IMPORT_ROWS = 10_000;

/** What happens to a row whose e-mail or codice fiscale belongs to an existing person: their names, e-mail and codice fiscale updated, or the row left out. */
export const IMPORT_DUPLICATES = ['skip', 'update'] as const;
export type ImportDuplicates = (typeof IMPORT_DUPLICATES)[number];

/** An invitation link lives a week: long enough for someone who reads their mail on Mondays. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A column name as typed in a spreadsheet's first row: any case, spaces or dashes for underscores. */
export function columnKey(typed: string): string {
  return typed
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}
