import type { MediaItem, MediaUse } from '../../../../core/contracts/media.ts';
import { formatDuration, formatSize } from '../../../../core/media/size.ts';
import type { Translate } from '../../../../core/translate.ts';

/** What a file is, in a line: type, size, a video's length, an image's size. */
export function mediaFacts(item: MediaItem, t: Translate, locale: string): string {
  return [
    item.type,
    formatSize(item.size, locale),
    item.durationSeconds !== null && t('cms.media.duration', { duration: formatDuration(item.durationSeconds) }),
    item.width !== null && item.height !== null && t('cms.media.dimensions', { width: item.width, height: item.height }),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Who put it there and when, and when it was last replaced. */
export function mediaOrigin(item: MediaItem, t: Translate, formatDate: (iso: string) => string): string {
  const uploaded =
    item.uploadedBy === null
      ? t('cms.media.demo', { date: formatDate(item.uploadedAt) })
      : t('cms.media.uploadedBy', { date: formatDate(item.uploadedAt), name: item.uploadedBy });
  return item.replacedAt ? `${uploaded}, ${t('cms.media.replacedOn', { date: formatDate(item.replacedAt) })}` : uploaded;
}

/** Where a file is used, in words: a course's session (and as what), or a draft. */
export function usageText(use: MediaUse, t: Translate): string {
  return use.source === 'session'
    ? t('cms.media.use.session', {
        course: use.courseTitle,
        module: use.module,
        session: use.session,
        title: use.sessionTitle,
        role: t(`cms.media.role.${use.role}`),
      })
    : t('cms.media.use.draft', { kind: use.kind, key: use.key, locale: use.locale });
}
