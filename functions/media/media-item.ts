import type { MediaItem, MediaUpload, MediaUse } from '../../core/contracts/media.ts';
import { kindOf, partCount } from '../../core/media/kinds.ts';
import type { StoredMedia } from '../data/media/media.ts';
import type { Upload, UploadPart } from '../data/media/uploads.ts';
import { MEDIA_PREFIX } from '../../core/media/kinds.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const mediaAddress = (key: string): string => `${MEDIA_PREFIX}${key}`;

/** A library file as the API answers it, with where it is used. */
export function toMediaItem(media: StoredMedia, uses: MediaUse[]): MediaItem {
  return {
    key: media.key,
    url: mediaAddress(media.key),
    name: media.name,
    type: media.type,
    kind: media.kind,
    size: media.size,
    durationSeconds: media.durationSeconds,
    packageTitle: media.packageTitle,
    width: media.width,
    height: media.height,
    uploadedAt: new Date(media.uploadedAt).toISOString(),
    uploadedBy: media.uploaderName,
    replacedAt: iso(media.replacedAt),
    uses,
  };
}

/** An upload under way as the API answers it: what the browser needs to send the parts still missing. */
export function toMediaUpload(upload: Upload, parts: UploadPart[]): MediaUpload {
  return {
    id: upload.id,
    name: upload.name,
    type: upload.type,
    kind: kindOf(upload.type),
    size: upload.size,
    partSize: upload.partSize,
    partCount: partCount(upload.size),
    received: parts.map((part) => part.number),
    receivedBytes: parts.reduce((sum, part) => sum + part.size, 0),
    url: mediaAddress(upload.targetKey),
    replaces: upload.replaces ? upload.targetKey : null,
    fingerprint: upload.fingerprint,
    startedAt: new Date(upload.startedAt).toISOString(),
  };
}
