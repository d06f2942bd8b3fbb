import type { Translate } from '../../../../core/translate.ts';
import { formatSize } from '../../../../core/media/size.ts';
import type { UploadState } from './use-upload.ts';

interface Props {
  state: UploadState;
  t: Translate;
  locale: string;
  onCancel: () => void;
}

/**
 * An upload's progress bar (the bytes the server has) and the way to cancel it; what changes its
 * course (resumed, waiting for the connection, being checked, done, refused) is read out, the
 * bytes counting up are not.
 */
export default function UploadStatus({ state, t, locale, onCancel }: Props) {
  if (state.kind === 'idle') return null;
  const news =
    state.kind === 'sending'
      ? state.note?.kind === 'resuming'
        ? t('cms.media.resuming', { name: state.name })
        : state.note?.kind === 'retrying'
          ? t('cms.media.retrying', { seconds: state.note.seconds })
          : ''
      : state.kind === 'checking'
        ? t('cms.media.checking', { name: state.name })
        : state.kind === 'done'
          ? state.message
          : '';
  return (
    <div className="cms-upload" data-testid="media-upload-status" data-state={state.kind}>
      {state.kind === 'sending' && (
        <>
          <progress max={state.total} value={state.done} aria-label={t('cms.media.progress', { name: state.name })} />
          <p className="muted">
            {t('cms.media.uploading', { name: state.name, done: formatSize(state.done, locale), total: formatSize(state.total, locale) })}
          </p>
          <button type="button" className="secondary" onClick={onCancel}>
            {t('cms.media.cancel')}
          </button>
        </>
      )}
      <p role="status" className="cms-status">
        {news}
      </p>
      {state.kind === 'failed' && (
        <p role="alert" className="error-text">
          {state.message}
        </p>
      )}
    </div>
  );
}
