import type { z } from 'zod';
import type { MediaItem, MediaUpload, partParams, PartBody, uploadParams, UploadStart } from '../../core/contracts/media.ts';
import { checkDeclaration, checkMedia, checkStart } from '../../core/media/check.ts';
import { kindOf, mediaKey, PART_SIZE, partCount, partLength, servedContentType, STAGING_PREFIX } from '../../core/media/kinds.ts';
import type { ApiContext } from '../api-context.ts';
import { randomHex } from '../shared/random-id.ts';
import { eventStatement } from '../data/events.ts';
import { findMedia, insertMediaStatement, listMediaUses, replaceMediaStatement, type MediaFactsRow } from '../data/media/media.ts';
import {
  claimCompletion,
  createUpload,
  findUpload,
  listParts,
  listPartsOf,
  listUploadsBy,
  recordPart,
  releaseCompletion,
  removeUploadStatements,
  type Upload,
} from '../data/media/uploads.ts';
import { HttpError } from '../http-error.ts';
import { mediaMessage } from './messages.ts';
import { discardUpload } from './discard-upload.ts';
import { mediaAddress, toMediaItem, toMediaUpload } from './media-item.ts';
import { mediaRefusal } from './media-refusal.ts';
import { partStream, readStart } from './part-stream.ts';
import { objectReader } from './stored-object.ts';
import { acceptPackage, deletePrefix } from '../scorm/accept-package.ts';
import { packageRefusal } from '../scorm/package-refusal.ts';
import { findPackagePrefix, upsertPackageStatement, type PackageRow } from '../data/scorm/packages.ts';

type UploadParams = { param: z.output<typeof uploadParams> };

/** A claim on completing an upload older than this is a request that died: another may take it over. */
const COMPLETION_STALE_MS = 15 * 60_000;
/** Parts still missing, as a 409 names them: the first few. */
const MISSING_NAMED = 20;

async function uploadOf(context: ApiContext, id: string): Promise<Upload> {
  const upload = await findUpload(context.env.DB, context.siteId, id);
  if (!upload) throw new HttpError(404, mediaMessage('uploadNotFound', context.language, { id }));
  return upload;
}

/**
 * Starts an upload in parts: the declared type and size are judged before a byte is sent (a type
 * not ours, SVG among them, an empty file, one over its kind's limit). A new file gets an address
 * of its own; a replacement's parts go to a staging key, so the file it replaces keeps working
 * until the new bytes pass their checks.
 */
export async function startUpload(context: ApiContext, { json }: { json: UploadStart }): Promise<MediaUpload> {
  const session = await context.requireSession();
  const declaration = checkDeclaration(json.type, json.size);
  if (!declaration.ok) throw mediaRefusal(declaration, context.language, json);
  const { type } = declaration;
  if (json.replaces) {
    const current = await findMedia(context.env.DB, context.siteId, json.replaces);
    if (!current) throw new HttpError(404, mediaMessage('mediaNotFound', context.language, { key: json.replaces }));
    if (current.kind !== kindOf(type)) throw new HttpError(400, mediaMessage('mediaKindChange', context.language, { current: current.type, type }));
  }
  const id = randomHex(16);
  const targetKey = json.replaces ?? mediaKey(json.name, type, randomHex(4));
  const r2Key = json.replaces ? `${STAGING_PREFIX}${id}` : targetKey;
  const multipart = await context.env.MEDIA.createMultipartUpload(r2Key, { httpMetadata: { contentType: servedContentType(type) } });
  const upload = {
    id,
    siteId: context.siteId,
    r2Key,
    r2UploadId: multipart.uploadId,
    targetKey,
    replaces: Boolean(json.replaces),
    name: json.name,
    type,
    size: json.size,
    fingerprint: json.fingerprint,
    partSize: PART_SIZE,
    startedBy: session.user.id,
    startedAt: context.now,
  };
  await createUpload(context.env.DB, upload);
  return toMediaUpload({ ...upload, updatedAt: context.now, completingAt: null }, []);
}

/** The editor's uploads not finished, to resume after a reload: the file chosen again is matched by name and size. */
export async function getUploads(context: ApiContext): Promise<MediaUpload[]> {
  const session = await context.requireSession();
  const uploads = await listUploadsBy(context.env.DB, context.siteId, session.user.id);
  const parts = await listPartsOf(
    context.env.DB,
    uploads.map((upload) => upload.id),
  );
  return uploads.map((upload) => toMediaUpload(upload, parts.get(upload.id) ?? []));
}

/** Where an upload stands: the parts R2 has, so the browser re-sends only the others. */
export async function getUpload(context: ApiContext, { param }: UploadParams): Promise<MediaUpload> {
  const upload = await uploadOf(context, param.id);
  return toMediaUpload(upload, await listParts(context.env.DB, upload.id));
}

/** The editor gives up an upload: nothing of it is kept. */
export async function cancelUpload(context: ApiContext, { param }: UploadParams): Promise<{ id: string }> {
  const upload = await uploadOf(context, param.id);
  if (upload.completingAt !== null && upload.completingAt >= context.now - COMPLETION_STALE_MS) {
    throw new HttpError(409, mediaMessage('uploadBusy', context.language));
  }
  await discardUpload(context.env, upload);
  return { id: upload.id };
}

/**
 * One part of a file, streamed to R2 as it arrives (sending a part again replaces it). Its length
 * must be the one the declared size gives it, and the first part's first bytes must be the
 * declared type: otherwise the whole upload is refused and nothing of it kept. A part cut short
 * (a dropped connection) is not kept either; the upload waits for it to be sent again.
 */
export async function putUploadPart(
  context: ApiContext,
  { param, bytes }: { param: z.output<typeof partParams>; bytes: PartBody },
): Promise<{ part: number; size: number; receivedBytes: number }> {
  const upload = await uploadOf(context, param.id);
  const { language } = context;
  if (upload.completingAt !== null) throw new HttpError(409, mediaMessage('uploadBusy', language));
  const count = partCount(upload.size);
  if (param.part > count) throw new HttpError(400, mediaMessage('mediaPartOutOfRange', language, { count: String(count), part: String(param.part) }));
  const expected = partLength(upload.size, param.part);
  if (bytes.length !== expected) {
    await discardUpload(context.env, upload);
    throw new HttpError(400, mediaMessage('mediaPartSize', language, { part: String(param.part), expected: String(expected), received: String(bytes.length) }));
  }
  let start: Uint8Array[] = [];
  if (param.part === 1) {
    const { head, chunks } = await readStart(bytes.stream, bytes.length);
    const refusal = checkStart(upload.type, head);
    if (refusal) {
      await discardUpload(context.env, upload);
      throw mediaRefusal(refusal, language, upload);
    }
    start = chunks;
  }
  const { stream, piped } = partStream(bytes.stream, bytes.length, start);
  const multipart = context.env.MEDIA.resumeMultipartUpload(upload.r2Key, upload.r2UploadId);
  let etag: string;
  try {
    [{ etag }] = await Promise.all([multipart.uploadPart(param.part, stream), piped]);
  } catch {
    throw new HttpError(400, mediaMessage('mediaPartIncomplete', language, { part: String(param.part) }));
  }
  if (!(await recordPart(context.env.DB, upload.id, { number: param.part, size: bytes.length, etag }, context.now))) {
    throw new HttpError(404, mediaMessage('uploadNotFound', language, { id: upload.id }));
  }
  const parts = await listParts(context.env.DB, upload.id);
  return { part: param.part, size: bytes.length, receivedBytes: parts.reduce((sum, part) => sum + part.size, 0) };
}

/**
 * Every part arrived: R2 joins them, and the file is checked by its bytes, read in ranges (its
 * type, its structure whole, a video's duration). A file that fails is deleted with its upload,
 * and the editor told why. A new file joins the library at its address; a replacement is copied
 * over the file it replaces (a stream, R2 to R2), whose address and uses stay.
 */
export async function completeUpload(context: ApiContext, { param }: UploadParams): Promise<MediaItem> {
  const session = await context.requireSession();
  const { env, language } = context;
  const upload = await uploadOf(context, param.id);
  const parts = await listParts(env.DB, upload.id);
  const received = new Set(parts.map((part) => part.number));
  const missing = Array.from({ length: partCount(upload.size) }, (_, i) => i + 1).filter((n) => !received.has(n));
  if (missing.length) {
    const named = missing.slice(0, MISSING_NAMED).join(', ') + (missing.length > MISSING_NAMED ? ', …' : '');
    throw new HttpError(409, mediaMessage('uploadPartsMissing', language, { parts: named }));
  }
  if (!(await claimCompletion(env.DB, upload.id, context.now, context.now - COMPLETION_STALE_MS))) {
    throw new HttpError(409, mediaMessage('uploadBusy', language));
  }
  try {
    // Completed already by a request that died before checking: its object is there.
    let stored = await env.MEDIA.head(upload.r2Key);
    if (!stored) {
      await env.MEDIA.resumeMultipartUpload(upload.r2Key, upload.r2UploadId).complete(parts.map((part) => ({ partNumber: part.number, etag: part.etag })));
      stored = await env.MEDIA.head(upload.r2Key);
    }
    if (!stored) throw new Error(`completed upload ${upload.id} left no object`);
    const verdict =
      stored.size === upload.size
        ? await checkMedia(upload.type, stored.size, objectReader(env.MEDIA, upload.r2Key, stored.size))
        : ({ ok: false, problem: 'size-mismatch' } as const);
    if (!verdict.ok) {
      await discardUpload(env, upload);
      throw mediaRefusal(verdict, language, { ...upload, received: stored.size });
    }
    // A SCORM package is checked by its zip and manifest and unpacked beside any older unpacking.
    let scorm: { row: PackageRow; replaced: string | null; seconds: number | null } | null = null;
    if (verdict.kind === 'package') {
      const outcome = await acceptPackage(env.MEDIA, upload.r2Key, stored.size, upload.targetKey, upload.id);
      if (!outcome.ok) {
        await discardUpload(env, upload);
        throw packageRefusal(outcome, language);
      }
      scorm = {
        row: { ...outcome.row, siteId: upload.siteId, unpackedAt: context.now },
        replaced: await findPackagePrefix(env.DB, upload.targetKey),
        seconds: outcome.seconds,
      };
    }
    let etag = stored.etag;
    if (upload.replaces) {
      const staged = await env.MEDIA.get(upload.r2Key);
      if (!staged) throw new Error(`staged upload ${upload.id} is gone`);
      etag = (await env.MEDIA.put(upload.targetKey, staged.body, { httpMetadata: { contentType: servedContentType(verdict.type) } })).etag;
    }
    const facts: MediaFactsRow = {
      key: upload.targetKey,
      siteId: upload.siteId,
      name: upload.name,
      type: verdict.type,
      kind: verdict.kind,
      size: stored.size,
      durationSeconds: scorm ? scorm.seconds : verdict.durationSeconds,
      width: verdict.width,
      height: verdict.height,
      etag,
    };
    try {
      await env.DB.batch([
        upload.replaces ? replaceMediaStatement(env.DB, facts, context.now) : insertMediaStatement(env.DB, facts, session.user.id, context.now),
        ...(scorm ? [upsertPackageStatement(env.DB, scorm.row)] : []),
        ...removeUploadStatements(env.DB, upload.id),
        eventStatement(env.DB, context.siteId, session.user.id, upload.replaces ? 'cms.media.replace' : 'cms.media.upload', upload.targetKey, context.now),
      ]);
    } catch (error) {
      if (scorm) await deletePrefix(env.MEDIA, scorm.row.prefix);
      throw error;
    }
    if (upload.replaces) await env.MEDIA.delete(upload.r2Key);
    // The learners' records belong to the session, so only the old files go.
    if (scorm?.replaced && scorm.replaced !== scorm.row.prefix) await deletePrefix(env.MEDIA, scorm.replaced);
  } catch (error) {
    // A refusal has discarded the upload; anything else leaves it to complete again.
    if (!(error instanceof HttpError)) await releaseCompletion(env.DB, upload.id);
    throw error;
  }
  const media = await findMedia(env.DB, context.siteId, upload.targetKey);
  if (!media) throw new Error(`media ${upload.targetKey} not found after its upload`);
  const uses = await listMediaUses(env.DB, context.siteId, context.localeCode, mediaAddress(media.key));
  return toMediaItem(
    media,
    uses.map((entry) => entry.use),
  );
}
