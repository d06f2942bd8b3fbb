import { useId, useState } from 'react';
import type { Translate } from '../../../../core/translate.ts';
import MediaField from '../media/MediaField.tsx';
import RichDialog from './RichDialog.tsx';

interface Props {
  /** An image placed in the text (with its alternative text), or a PDF linked from it (with the link's words). */
  kind: 'image' | 'file';
  onApply: (src: string, text: string) => void;
  onClose: () => void;
  t: Translate;
  strings: Record<string, string>;
}

/** An image or a file from the media library (or uploaded there now), and the words that stand for it. */
export default function MediaDialog({ kind, onApply, onClose, t, strings }: Props) {
  const id = useId();
  const [src, setSrc] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const apply = () => {
    if (!src) return setError(t(kind === 'image' ? 'cms.rich.imageRequired' : 'cms.rich.fileRequired'));
    if (text.trim() === '') return setError(t(kind === 'image' ? 'cms.rich.altRequired' : 'cms.rich.linkTextRequired'));
    onApply(src, text.trim());
  };

  return (
    <RichDialog
      title={t(kind === 'image' ? 'cms.rich.imageTitle' : 'cms.rich.fileTitle')}
      action={t('cms.rich.apply')}
      error={error}
      onSubmit={apply}
      onClose={onClose}
      t={t}
    >
      <MediaField
        label={t(kind === 'image' ? 'cms.rich.imageFile' : 'cms.rich.fileFile')}
        accept={kind === 'image' ? 'image' : 'document'}
        value={src}
        onChange={(url, media) => {
          setSrc(url);
          setError(null);
          if (kind === 'file' && media && text === '') setText(media.name);
        }}
        strings={strings}
      />
      <p className="field">
        <label htmlFor={`${id}-text`}>{t(kind === 'image' ? 'cms.rich.alt' : 'cms.rich.linkText')}</label>
        <input
          id={`${id}-text`}
          type="text"
          value={text}
          maxLength={kind === 'image' ? 300 : 200}
          onChange={(event) => (setText(event.target.value), setError(null))}
        />
      </p>
    </RichDialog>
  );
}
