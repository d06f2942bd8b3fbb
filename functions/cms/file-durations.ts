import { durationOf, type Outline } from '../../core/course-outline.ts';
import { MEDIA_PREFIX } from '../../core/media/kinds.ts';
import type { ApiContext } from '../api-context.ts';
import { findMedia } from '../data/media/media.ts';

/**
 * A video session lasts as long as its file: the duration the server measured when the file was
 * uploaded (or replaced) replaces whatever was typed, so the ECM rule on time spent (a share of the
 * declared duration) can never ask for ten minutes on a seven-second clip. Text, PDF and SCORM
 * sessions keep their declared duration. Applied when an outline is drafted and when a version is
 * restored, so a replaced file's new length is read again.
 */
export async function withFileDurations(context: Pick<ApiContext, 'env' | 'siteId'>, outline: Outline): Promise<Outline> {
  const modules = await Promise.all(
    outline.modules.map(async (module) => ({
      ...module,
      sessions: await Promise.all(
        module.sessions.map(async (session) => {
          if (session.kind !== 'video' || !session.media?.startsWith(MEDIA_PREFIX)) return session;
          const file = await findMedia(context.env.DB, context.siteId, session.media.slice(MEDIA_PREFIX.length));
          const seconds = file?.durationSeconds ?? 0;
          return seconds > 0 ? { ...session, duration: durationOf(Math.round(seconds)) } : session;
        }),
      ),
    })),
  );
  return { ...outline, modules };
}
