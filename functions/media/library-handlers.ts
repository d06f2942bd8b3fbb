import type { z } from 'zod';
import type { MediaItem, mediaParams } from '../../core/contracts/media.ts';
import type { ApiContext } from '../api-context.ts';
import { eventStatement } from '../data/events.ts';
import { deleteMediaStatement, findMedia, listMedia, listMediaUses, type MediaUse } from '../data/media/media.ts';
import { findPackagePrefix } from '../data/scorm/packages.ts';
import { deletePrefix } from '../scorm/accept-package.ts';
import { HttpError } from '../http-error.ts';
import type { Language } from '../messages.ts';
import { mediaMessage } from './messages.ts';
import { mediaAddress, toMediaItem } from './media-item.ts';

/** Uses a refusal to delete names: the first few. */
const USES_NAMED = 10;

/** The site's media library, newest first, each file with where it is used (live sessions, drafts). */
export async function getMediaLibrary(context: ApiContext): Promise<MediaItem[]> {
  const [media, uses] = await Promise.all([listMedia(context.env.DB, context.siteId), listMediaUses(context.env.DB, context.siteId, context.localeCode)]);
  const byAddress = Map.groupBy(uses, (entry) => entry.address);
  return media.map((file) =>
    toMediaItem(
      file,
      (byAddress.get(mediaAddress(file.key)) ?? []).map((entry) => entry.use),
    ),
  );
}

function useText(use: MediaUse, language: Language): string {
  return use.source === 'session'
    ? mediaMessage('mediaUseSession', language, { course: use.courseTitle, module: String(use.module), session: String(use.session), title: use.sessionTitle })
    : mediaMessage('mediaUseDraft', language, { kind: use.kind, key: use.key, locale: use.locale });
}

/** Deletes a file nothing uses: a session or a draft that names it is a 409 listing them, and the file stays. */
export async function deleteMedia(context: ApiContext, { param }: { param: z.output<typeof mediaParams> }): Promise<{ key: string }> {
  const session = await context.requireSession();
  const { env, language } = context;
  const media = await findMedia(env.DB, context.siteId, param.key);
  if (!media) throw new HttpError(404, mediaMessage('mediaNotFound', language, { key: param.key }));
  const uses = await listMediaUses(env.DB, context.siteId, context.localeCode, mediaAddress(media.key));
  if (uses.length) {
    const named = uses.slice(0, USES_NAMED).map((entry) => useText(entry.use, language));
    throw new HttpError(409, mediaMessage('mediaInUse', language, { uses: named.join('; ') + (uses.length > USES_NAMED ? '; …' : '') }));
  }
  // A package's unpacked files go with it (its scorm_package row cascades with the media row).
  const unpacked = media.kind === 'package' ? await findPackagePrefix(env.DB, media.key) : null;
  await env.DB.batch([
    deleteMediaStatement(env.DB, context.siteId, media.key),
    eventStatement(env.DB, context.siteId, session.user.id, 'cms.media.delete', media.key, context.now),
  ]);
  await env.MEDIA.delete(media.key);
  if (unpacked) await deletePrefix(env.MEDIA, unpacked);
  return { key: media.key };
}
