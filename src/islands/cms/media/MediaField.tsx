import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState } from 'react';
import type { MediaItem } from '../../../../core/contracts/media.ts';
import { acceptOf, declaredType, isMediaType, kindOf, type MediaKind } from '../../../../core/media/kinds.ts';
import { translator } from '../../../../core/translate.ts';
import { $mediaLibrary, loadMediaLibrary } from '../../../stores/media.ts';
import { posterFrom } from '../../../lib/video-poster.ts';
import { usePageContext } from '../use-page-context.ts';
import { mediaFacts } from './media-text.ts';
import UploadStatus from './UploadStatus.tsx';
import { useUpload } from './use-upload.ts';
import { usePageApi } from '../use-page-api.ts';

export type { MediaItem };

/** What a field takes: a lesson's video, a session's PDF, a locale's captions, an image (a poster, a picture in a text). */
export type MediaAccept = 'video' | 'document' | 'captions' | 'image' | 'package';

export interface MediaFieldProps {
  label: string;
  accept: MediaAccept;
  /** The chosen file's address (`/media/{key}`), or null for none. */
  value: string | null;
  /** A file chosen from the library or just uploaded (its address and the file), or none (null, null). */
  onChange: (url: string | null, media: MediaItem | null) => void;
  /** The interface strings by key in the page's locale (the CMS panel's, `cms.media.*` among them). */
  strings: Record<string, string>;
  /** A video field whose session has no poster yet: a frame of the uploaded video becomes one (its address). */
  onPoster?: (url: string) => void;
}

/**
 * A form field for a course's medium, for the CMS editors: choose a file of the media library of
 * the right kind, or upload a new one there (in parts, with its progress), or remove it. The
 * library is loaded once for every field of the page and kept current as files are added.
 */
export default function MediaField({ label, accept, value, onChange, strings, onPoster }: MediaFieldProps) {
  const id = useId();
  const t = useMemo(() => translator(strings), [strings]);
  const context = usePageContext();
  const api = usePageApi(context);
  const library = useStore($mediaLibrary);
  const upload = useUpload(api, t);
  const busy = upload.state.kind === 'sending' || upload.state.kind === 'checking';
  const [wrongKind, setWrongKind] = useState<string | null>(null);

  useEffect(() => {
    loadMediaLibrary(api).catch(() => undefined);
  }, [api]);

  const kind: MediaKind = accept;
  const choices = (library ?? []).filter((item) => item.kind === kind);
  const chosen = choices.find((item) => item.url === value) ?? null;

  return (
    <fieldset className="cms-media-field" data-testid="media-field">
      <legend>{label}</legend>
      <p className="muted" data-testid="media-field-value">
        {value === null
          ? t('cms.media.field.none')
          : t('cms.media.field.current', { name: chosen ? `${chosen.name} (${mediaFacts(chosen, t, context.locale)})` : value })}
      </p>
      <p className="field">
        <label htmlFor={`${id}-choose`}>{t('cms.media.field.choose')}</label>
        <select
          id={`${id}-choose`}
          value={value ?? ''}
          disabled={busy}
          onChange={(event) => {
            const item = choices.find((each) => each.url === event.target.value) ?? null;
            onChange(item?.url ?? null, item);
          }}
        >
          <option value="">{t('cms.media.field.placeholder')}</option>
          {value !== null && !chosen && <option value={value}>{value}</option>}
          {choices.map((item) => (
            <option key={item.key} value={item.url}>
              {item.name}
            </option>
          ))}
        </select>
      </p>
      <p className="field">
        <label htmlFor={`${id}-upload`}>{t('cms.media.field.upload')}</label>
        <input
          id={`${id}-upload`}
          type="file"
          accept={acceptOf(kind)}
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            // A picker set to "all files" lets anything through: a video field takes no PDF.
            const type = declaredType(file.name, file.type);
            setWrongKind(isMediaType(type) && kindOf(type) === kind ? null : t('cms.media.field.wrongKind', { kind: t(`cms.media.kind.${kind}`), type }));
            if (!isMediaType(type) || kindOf(type) !== kind) return;
            // send() reports its own failures in the upload's state and answers null.
            void upload.send(file).then(async (item) => {
              if (!item) return;
              onChange(item.url, item);
              if (!onPoster) return;
              const poster = await posterFrom(file);
              const posterItem = poster && (await upload.send(poster));
              if (posterItem) onPoster(posterItem.url);
            });
          }}
        />
      </p>
      {wrongKind && (
        <p role="alert" className="error-text">
          {wrongKind}
        </p>
      )}
      <UploadStatus state={upload.state} t={t} locale={context.locale} onCancel={upload.cancel} />
      {value !== null && (
        <button type="button" className="secondary" disabled={busy} onClick={() => onChange(null, null)}>
          {t('cms.media.field.remove')}
        </button>
      )}
    </fieldset>
  );
}
