import type { MediaRefusal } from '../../core/media/check.ts';
import { MEDIA_LIMITS, isMediaType, kindOf } from '../../core/media/kinds.ts';
import { formatSizeOverLimit } from '../../core/media/size.ts';
import { HttpError } from '../http-error.ts';
import type { Language } from '../messages.ts';
import { mediaMessage } from './messages.ts';

const LOCALES: Record<Language, string> = { it: 'it-IT', en: 'en-US', de: 'de-DE' };

/** What a refusal was about: the file as declared, and for a size that disagrees, what arrived. */
export interface RefusedFile {
  type: string;
  size: number;
  received?: number;
}

/**
 * The editor's 4xx for a refused file, in their language: 415 for a type (not allowed, or not
 * what the bytes are), 413 over the limit, 422 for a file whose structure is not whole, 400 for an
 * empty file or one whose size is not what was declared.
 */
export function mediaRefusal(refusal: Pick<MediaRefusal, 'problem' | 'detected'>, language: Language, file: RefusedFile): HttpError {
  switch (refusal.problem) {
    case 'empty':
      return new HttpError(400, mediaMessage('mediaEmpty', language));
    case 'too-large': {
      const limit = isMediaType(file.type) ? MEDIA_LIMITS[kindOf(file.type)] : 0;
      return new HttpError(413, mediaMessage('mediaTooLarge', language, formatSizeOverLimit(file.size, limit, LOCALES[language])));
    }
    case 'type-not-allowed':
      return new HttpError(415, mediaMessage('mediaTypeNotAllowed', language, { type: file.type.slice(0, 100) }));
    case 'type-mismatch':
      return new HttpError(
        415,
        mediaMessage('mediaTypeMismatch', language, { declared: file.type, detected: refusal.detected ?? mediaMessage('mediaTypeUnknown', language) }),
      );
    case 'not-pdf':
      return new HttpError(415, mediaMessage('mediaNotPdf', language));
    case 'truncated':
      return new HttpError(422, mediaMessage('mediaTruncated', language));
    case 'no-index':
      return new HttpError(422, mediaMessage('mediaNoIndex', language));
    case 'malformed':
      return new HttpError(422, mediaMessage('mediaMalformed', language, { type: file.type }));
    case 'not-utf8':
      return new HttpError(422, mediaMessage('mediaNotUtf8', language));
    case 'size-mismatch':
      return new HttpError(400, mediaMessage('mediaSizeMismatch', language, { declared: String(file.size), received: String(file.received ?? 0) }));
  }
}
