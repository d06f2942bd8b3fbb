import { CsvError, parse } from 'csv-parse/sync';
import { MAX_CSV_BYTES } from '../../core/contracts/people.ts';
import { fileTooLarge } from '../file-limit.ts';
import { HttpError } from '../http-error.ts';
import type { Language } from '../messages.ts';
import { readAtMost } from '../read-at-most.ts';
import { peopleMessage } from './messages.ts';

/** One record of a CSV file: its cells and the line it ends on (the header is line 1), as staff see it in their spreadsheet. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const windows1252 = new TextDecoder('windows-1252');

/**
 * The file's text: UTF-8 (a BOM is dropped by the parser) when its bytes are valid UTF-8, else
 * Windows-1252, what Excel in Italy writes for "CSV (separato dal separatore di elenco)". A
 * Windows-1252 file is almost never valid UTF-8 (an accented letter alone is an invalid sequence).
 */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return windows1252.decode(bytes);
  }
}

/** The separator of the header line: Italian spreadsheets export `;`, most other tools `,`. */
function separatorOf(text: string): ';' | ',' {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const count = (character: string) => header.split(character).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/**
 * The records of a CSV file, its header first, parsed by csv-parse (quotes, separators and line
 * breaks inside quoted cells, a BOM). Rows of only empty cells are left out; a row may have fewer
 * or more cells than the header (the missing ones are empty). A file that is not CSV (an
 * unclosed quote) is a 400 naming the line.
 */
export function parseCsv(text: string, language: Language): CsvRecord[] {
  try {
    const records = parse(text, {
      delimiter: separatorOf(text),
      bom: true,
      relax_column_count: true,
      skip_records_with_empty_values: true,
      info: true,
    }) as unknown as {
      record: string[];
      info: { lines: number };
    }[];
    return records.map(({ record, info }) => ({ line: info.lines, cells: record.map((cell) => cell.trim()) }));
  } catch (error) {
    if (error instanceof CsvError)
      throw new HttpError(400, peopleMessage('csvUnreadable', language, { line: String((error as CsvError & { lines?: number }).lines ?? 1) }));
    throw error;
  }
}

/** The file's bytes, refused when over the limit (the rest of the body is cancelled); an empty body is an empty file. */
export async function readCsvBytes(stream: ReadableStream<Uint8Array> | null, language: Language): Promise<Uint8Array> {
  if (!stream) return new Uint8Array();
  const bytes = await readAtMost(stream, MAX_CSV_BYTES);
  if (bytes) return bytes;
  await stream.cancel();
  throw fileTooLarge(MAX_CSV_BYTES, language);
}
