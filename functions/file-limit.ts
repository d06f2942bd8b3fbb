import { formatSize } from '../core/media/size.ts';
import { HttpError } from './http-error.ts';
import { message, type Language } from './messages.ts';

const LOCALES: Record<Language, string> = { it: 'it-IT', en: 'en-US', de: 'de-DE' };

/**
 * The refusal of a file over `limit` bytes: 413, naming the limit in the caller's language
 * ("4 MB"). The API (functions/middleware/byte-body.ts, functions/people/csv-file.ts) and the
 * staff pages that take a file (src/server/staff-forms.ts) say the same sentence.
 */
export function fileTooLarge(limit: number, language: Language): HttpError {
  return new HttpError(413, message('fileTooLarge', language, { max: formatSize(limit, LOCALES[language]) }));
}
