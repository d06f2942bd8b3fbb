import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { acceptOf, MEDIA_KINDS, MEDIA_LIMITS, type MediaKind } from '../../../../core/media/kinds.ts';
import { formatSize } from '../../../../core/media/size.ts';
import type { Translate } from '../../../../core/translate.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { $mediaLibrary, forgetMedia, loadMediaLibrary } from '../../../stores/media.ts';
import MediaEntry from './MediaEntry.tsx';
import UploadStatus from './UploadStatus.tsx';
import { useUpload } from './use-upload.ts';

interface Props {
  api: ApiClient;
  t: Translate;
  locale: string;
  formatDate: (iso: string) => string;
}

/**
 * The media library in the CMS panel: upload a file (in parts, with its progress, resumable),
 * see every file with what it is and where it is used, replace one in place, delete one nothing uses.
 */
export default function MediaLibrary({ api, t, locale, formatDate }: Props) {
  const id = useId();
  const items = useStore($mediaLibrary);
  const upload = useUpload(api, t);
  const [kind, setKind] = useState<MediaKind | 'all'>('all');
  const [replacing, setReplacing] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = upload.state.kind === 'sending' || upload.state.kind === 'checking';

  useEffect(() => {
    loadMediaLibrary(api, true).catch((error: Error) => setFailure(error.message));
  }, [api]);

  async function remove(key: string, name: string) {
    setOutcome(null);
    try {
      await api.delete('/cms/media/:key', { param: { key } });
      forgetMedia(key);
      setOutcome({ ok: true, text: t('cms.media.deleted', { name }) });
    } catch (error) {
      setOutcome({ ok: false, text: t('cms.error', { message: (error as Error).message }) });
    }
  }

  const limits = Object.fromEntries(MEDIA_KINDS.map((each) => [each, formatSize(MEDIA_LIMITS[each], locale)]));
  const shown = (items ?? []).filter((item) => kind === 'all' || item.kind === kind);
  const status = <UploadStatus state={upload.state} t={t} locale={locale} onCancel={upload.cancel} />;
  return (
    <div className="cms-media" data-testid="cms-media">
      <p className="hint">{t('cms.media.note')}</p>
      <p className="field">
        <label htmlFor={`${id}-file`}>{t('cms.media.upload')}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept={MEDIA_KINDS.map(acceptOf).join(',')}
          aria-describedby={`${id}-limits`}
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            setReplacing(null);
            if (file) void upload.send(file);
          }}
        />
        <span id={`${id}-limits`} className="hint">
          {t('cms.media.limits', limits)}
        </span>
      </p>
      {replacing === null && status}
      {failure && (
        <p role="alert" className="error-text">
          {t('cms.error', { message: failure })}
        </p>
      )}
      <p className="field">
        <label htmlFor={`${id}-kind`}>{t('cms.media.filter')}</label>
        <select id={`${id}-kind`} value={kind} onChange={(event) => setKind(event.target.value as MediaKind | 'all')}>
          {(['all', ...MEDIA_KINDS] as const).map((each) => (
            <option key={each} value={each}>
              {t(`cms.media.kind.${each}`)}
            </option>
          ))}
        </select>
      </p>
      <p role="status" className={outcome && !outcome.ok ? 'error-text' : 'muted'}>
        {outcome ? outcome.text : items ? t('cms.media.count', { count: shown.length }) : t('cms.panel.loading')}
      </p>
      {items && shown.length === 0 && <p className="muted">{t('cms.media.empty')}</p>}
      <ul className="cms-media-list">
        {shown.map((item) => (
          <MediaEntry
            key={item.key}
            item={item}
            t={t}
            locale={locale}
            formatDate={formatDate}
            busy={busy}
            onReplace={(file) => (setReplacing(item.key), void upload.send(file, item.key))}
            onDelete={() => void remove(item.key, item.name)}
          >
            {replacing === item.key && status}
          </MediaEntry>
        ))}
      </ul>
    </div>
  );
}
