import { z } from 'zod';
import { MEDIA_KINDS, MEDIA_TYPE_NAMES, PART_SIZE, type MediaType } from '../media/kinds.ts';
import { plainText } from './common.ts';

/** A medium's key in the library's calls: one path segment, as the CMS names them (core/media/kinds.ts `mediaKey`). */
export const MEDIA_KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const mediaKeyField = z.string().regex(MEDIA_KEY_PATTERN);
export const mediaParams = z.object({ key: mediaKeyField });

const mediaType = z.enum(MEDIA_TYPE_NAMES as [MediaType, ...MediaType[]]);
const mediaKind = z.enum(MEDIA_KINDS);

/**
 * Where a medium is used: a session as learners see it (its video or PDF, poster, captions, or an
 * image of its text), or a draft not yet published that names its address.
 */
export const mediaUse = z.discriminatedUnion('source', [
  z.object({
    source: z.literal('session'),
    courseId: z.string(),
    courseTitle: z.string(),
    module: z.number().int(),
    session: z.number().int(),
    sessionTitle: z.string(),
    role: z.enum(['media', 'poster', 'captions', 'body']),
  }),
  z.object({ source: z.literal('draft'), kind: z.string(), key: z.string(), locale: z.string() }),
]);
export type MediaUse = z.infer<typeof mediaUse>;

/** A file of the media library (`GET /api/cms/media`); `url` is its address, `/media/{key}`. */
export const mediaItem = z.object({
  key: z.string(),
  url: z.string(),
  name: z.string(),
  type: mediaType,
  kind: mediaKind,
  size: z.number().int(),
  /** A video's length, or how long a SCORM package says it takes (its manifest). */
  durationSeconds: z.number().nullable(),
  /** A SCORM package's own title (its manifest's): proposed as its session's title. */
  packageTitle: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  uploadedAt: z.string(),
  /** The editor's name; null for the demo seed's files. */
  uploadedBy: z.string().nullable(),
  replacedAt: z.string().nullable(),
  uses: z.array(mediaUse),
});
export type MediaItem = z.infer<typeof mediaItem>;

/** `DELETE /api/cms/media/{key}`. */
export const deletedMedia = z.object({ key: z.string() });

/**
 * `POST /api/cms/uploads`: a file about to be sent in parts, as the browser declares it. The type
 * and size are judged by the handler, which refuses them in the editor's words (a type not
 * allowed, an empty file, one over its limit); `replaces` names the library file whose address the
 * new bytes take once they pass.
 */
export const uploadStart = z.object({
  name: z.string().trim().min(1).max(200).superRefine(plainText()),
  type: z.string().trim().min(1).max(100),
  size: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  replaces: mediaKeyField.optional(),
  /** How the browser knows the file again after a reload (its last change): an upload resumes only for the same file. */
  fingerprint: z.string().max(100).default(''),
});
export type UploadStart = z.infer<typeof uploadStart>;

/** An upload under way: the parts R2 already has, so a browser that lost its connection sends only the others. */
export const mediaUpload = z.object({
  id: z.string(),
  name: z.string(),
  type: mediaType,
  kind: mediaKind,
  size: z.number().int(),
  partSize: z.number().int(),
  partCount: z.number().int(),
  received: z.array(z.number().int()),
  receivedBytes: z.number().int(),
  /** The address the file takes once checked (for a replacement, the file it replaces). */
  url: z.string(),
  replaces: z.string().nullable(),
  fingerprint: z.string(),
  startedAt: z.string(),
});
export type MediaUpload = z.infer<typeof mediaUpload>;

export const uploadParams = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/) });
export const partParams = uploadParams.extend({ part: z.coerce.number().int().min(1).max(10_000) });

/**
 * A part's bytes (`PUT /api/cms/uploads/{id}/parts/{n}`, `application/octet-stream`): its length
 * from Content-Length and the body as a stream, handed on to R2 as it arrives, never held whole.
 */
export const partBody = z.object({
  length: z.number().int().min(1).max(PART_SIZE),
  stream: z.custom<ReadableStream<Uint8Array>>((value) => value instanceof ReadableStream),
});
export type PartBody = z.infer<typeof partBody>;

/** A part R2 now has, and where the upload stands. */
export const receivedPart = z.object({ part: z.number().int(), size: z.number().int(), receivedBytes: z.number().int() });

/** `DELETE /api/cms/uploads/{id}`: the upload abandoned, nothing of it kept. */
export const cancelledUpload = z.object({ id: z.string() });
