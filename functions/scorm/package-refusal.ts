import { MAX_ENTRIES, MAX_RATIO, MAX_UNPACKED_BYTES, type PackageRefusal } from '../../core/scorm/package-rules.ts';
import { formatSize } from '../../core/media/size.ts';
import { HttpError } from '../http-error.ts';
import type { Language } from '../messages.ts';
import { scormMessage } from './messages.ts';

const LOCALES: Record<Language, string> = { it: 'it-IT', en: 'en-US', de: 'de-DE' };

/** The editor's 4xx for a refused package, in their language: 413 for its unpacked size, 422 for the rest. */
export function packageRefusal(refusal: PackageRefusal, language: Language): HttpError {
  const values = {
    detail: refusal.detail ?? scormMessage('unknownVersion', language),
    max: refusal.problem === 'too-large-unpacked' ? formatSize(MAX_UNPACKED_BYTES, LOCALES[language]) : String(MAX_ENTRIES),
    ratio: String(MAX_RATIO),
  };
  return new HttpError(refusal.problem === 'too-large-unpacked' ? 413 : 422, scormMessage(refusal.problem, language, values));
}
