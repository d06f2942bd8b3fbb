import { MAX_ENTRIES, MAX_RATIO, MAX_TOTAL_RATIO, MAX_UNPACKED_BYTES, type PackageRefusal } from '../../core/scorm/package-rules.ts';
import { formatSize } from '../../core/media/size.ts';
import { HttpError } from '../http-error.ts';
import type { Language } from '../messages.ts';
import { scormMessage, type ScormMessageKey } from './messages.ts';

const LOCALES: Record<Language, string> = { it: 'it-IT', en: 'en-US', de: 'de-DE' };

/**
 * The editor's 4xx for a refused package, one whole sentence in their language (the upload island
 * shows the answer's `message` as it is): 413 for its unpacked size, 422 for the rest.
 */
export function packageRefusal(refusal: PackageRefusal, language: Language): HttpError {
  const { problem, detail } = refusal;
  const key: ScormMessageKey = problem === 'manifest-invalid' && detail ? 'manifest-invalid-line' : problem;
  const values = {
    detail: detail ?? (problem === 'scorm-version' ? scormMessage('unknownVersion', language) : ''),
    max: problem === 'too-large-unpacked' ? formatSize(MAX_UNPACKED_BYTES, LOCALES[language]) : String(MAX_ENTRIES),
    ratio: String(problem === 'total-ratio' ? MAX_TOTAL_RATIO : MAX_RATIO),
  };
  return new HttpError(problem === 'too-large-unpacked' ? 413 : 422, scormMessage(key, language, values));
}
