import { useId, useState, type ReactNode } from 'react';
import type { MediaItem } from '../../../../core/contracts/media.ts';
import { acceptOf } from '../../../../core/media/kinds.ts';
import type { Translate } from '../../../../core/translate.ts';
import { mediaFacts, mediaOrigin, usageText } from './media-text.ts';

interface Props {
  item: MediaItem;
  t: Translate;
  locale: string;
  formatDate: (iso: string) => string;
  busy: boolean;
  onReplace: (file: File) => void;
  onDelete: () => void;
  /** A replacement's progress, shown with the file it replaces. */
  children?: ReactNode;
}

/** One file of the library: what it is, where it is used, and replacing or deleting it. */
export default function MediaEntry({ item, t, locale, formatDate, busy, onReplace, onDelete, children }: Props) {
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="cms-media-entry" data-testid="media-entry" data-key={item.key}>
      <p className="cms-media-name">
        <a href={item.url} target="_blank" rel="noopener" aria-label={t('cms.media.open', { name: item.name })}>
          {item.name}
        </a>
      </p>
      <p className="muted">{mediaFacts(item, t, locale)}</p>
      <p className="muted">{mediaOrigin(item, t, formatDate)}</p>
      {item.uses.length ? (
        <>
          <p className="muted">{t('cms.media.uses')}</p>
          <ul className="cms-media-uses">
            {item.uses.map((use, index) => (
              <li key={index}>{usageText(use, t)}</li>
            ))}
          </ul>
        </>
      ) : (
        <p className="muted">{t('cms.media.unused')}</p>
      )}
      <div className="cms-actions">
        <label htmlFor={`${id}-replace`} className="cms-media-file">
          {t('cms.media.replace', { name: item.name })}
        </label>
        <input
          id={`${id}-replace`}
          type="file"
          accept={acceptOf(item.kind)}
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onReplace(file);
          }}
        />
      </div>
      {children}
      {item.uses.length ? (
        <p className="muted">{t('cms.media.inUse')}</p>
      ) : confirming ? (
        <div className="cms-actions" role="group" aria-label={t('cms.media.confirmDelete', { name: item.name })}>
          <p>{t('cms.media.confirmDelete', { name: item.name })}</p>
          <button type="button" onClick={() => (setConfirming(false), onDelete())}>
            {t('cms.media.confirm')}
          </button>
          <button type="button" className="secondary" onClick={() => setConfirming(false)} autoFocus>
            {t('cms.media.keep')}
          </button>
        </div>
      ) : (
        <button type="button" className="secondary" disabled={busy} onClick={() => setConfirming(true)}>
          {t('cms.media.delete', { name: item.name })}
        </button>
      )}
    </li>
  );
}
