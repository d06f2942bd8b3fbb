import { useId } from 'react';
import type { Translate } from '../../../../core/translate.ts';

/** What the editor learns of a chosen file: its video length sets the session's duration. */
export interface ChosenMedia {
  durationSeconds: number | null;
}

interface Props {
  label: string;
  accept: 'video' | 'document' | 'captions' | 'image';
  value: string | null;
  onChange: (url: string | null, media: ChosenMedia | null) => void;
  t: Translate;
}

/** A session's file, by its `/media/` address in the library. */
export default function MediaInput({ label, accept, value, onChange, t }: Props) {
  const id = useId();
  return (
    <p className="field" data-accept={accept}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="url"
        placeholder="/media/…"
        aria-describedby={`${id}-hint`}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value.trim() || null, null)}
      />
      <span className="hint" id={`${id}-hint`}>
        {t('cms.outline.mediaHint')}
      </span>
    </p>
  );
}
