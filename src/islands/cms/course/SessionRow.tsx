import { useId } from 'react';
import { durationOf, SESSION_KINDS, type OutlineSession } from '../../../../core/course-outline.ts';
import type { Translate } from '../../../../core/translate.ts';
import { durationFrom, durationParts } from '../../../lib/outline-form.ts';
import MediaField from '../media/MediaField.tsx';

interface Props {
  /** The title input's id (the editor focuses it when the title is missing). */
  id: string;
  label: string;
  session: OutlineSession;
  title: string;
  locales: readonly string[];
  /** Learners who completed it: shown, so nobody removes it unaware. */
  learners: number;
  first: boolean;
  last: boolean;
  onTitle: (title: string) => void;
  onChange: (change: Partial<OutlineSession>) => void;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
  /** On the course's editing screen: opens the session's text beside the structure; null until the structure naming it is saved. */
  onOpenText?: (() => void) | null;
  t: Translate;
  strings: Record<string, string>;
}

const UNITS = ['hours', 'minutes', 'seconds'] as const;

/** One session of the course editor: title, kind, duration and its media. */
export default function SessionRow({
  id,
  label,
  session,
  title,
  locales,
  learners,
  first,
  last,
  onTitle,
  onChange,
  onMove,
  onRemove,
  onOpenText,
  t,
  strings,
}: Props) {
  const base = useId();
  const parts = durationParts(session.duration);
  return (
    <li className="cms-session" data-testid={`cms-session-${session.number}`}>
      <p className="field">
        <label htmlFor={id}>{label}</label>
        <input id={id} type="text" maxLength={200} value={title} onChange={(event) => onTitle(event.target.value)} />
      </p>
      <p className="field">
        <label htmlFor={`${base}-kind`}>{t('cms.outline.kind')}</label>
        <select
          id={`${base}-kind`}
          value={session.kind}
          onChange={(event) => onChange({ kind: SESSION_KINDS.find((kind) => kind === event.target.value) ?? 'text' })}
        >
          {SESSION_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`session.kind.${kind}`)}
            </option>
          ))}
        </select>
      </p>
      <fieldset className="cms-duration">
        <legend>{t('cms.outline.sessionDuration')}</legend>
        {UNITS.map((unit, index) => (
          <span key={unit}>
            <label htmlFor={`${base}-${unit}`}>{t(`cms.outline.${unit}`)}</label>
            <input
              id={`${base}-${unit}`}
              type="number"
              min={0}
              max={index === 0 ? 999 : 59}
              value={parts[index]}
              onChange={(event) => onChange({ duration: durationFrom(parts.map((part, i) => (i === index ? Number(event.target.value) : part))) })}
            />
          </span>
        ))}
      </fieldset>
      {session.kind !== 'text' && (
        <MediaField
          label={t(`cms.outline.${session.kind}`)}
          accept={session.kind === 'scorm' ? 'package' : session.kind}
          value={session.media}
          onChange={(url, media) => {
            // A video's length, or how long a SCORM package's manifest says it takes, and the package's own title where none is written yet.
            onChange({
              media: url,
              ...((session.kind === 'video' || session.kind === 'scorm') && media?.durationSeconds ? { duration: durationOf(media.durationSeconds) } : {}),
            });
            if (session.kind === 'scorm' && media?.packageTitle && !title.trim()) onTitle(media.packageTitle.slice(0, 200));
          }}
          strings={strings}
          onPoster={session.kind === 'video' && !session.poster ? (url) => onChange({ poster: url }) : undefined}
        />
      )}
      {session.kind === 'video' && (
        <>
          <MediaField label={t('cms.outline.poster')} accept="image" value={session.poster} onChange={(url) => onChange({ poster: url })} strings={strings} />
          {locales.map((locale) => (
            <MediaField
              key={locale}
              label={t('cms.outline.captions', { locale })}
              accept="captions"
              value={session.captions[locale] ?? null}
              onChange={(url) => {
                const captions = { ...session.captions };
                if (url) captions[locale] = url;
                else delete captions[locale];
                onChange({ captions });
              }}
              strings={strings}
            />
          ))}
        </>
      )}
      {learners > 0 && <p className="hint">{t('cms.outline.learners', { learners })}</p>}
      {onOpenText === null && <p className="hint">{t('cms.editor.saveFirst')}</p>}
      <div className="cms-block-actions">
        {onOpenText && (
          <button type="button" onClick={onOpenText}>
            {t('cms.editor.sessionText')} <span className="visually-hidden">«{title || label}»</span>
          </button>
        )}
        <button type="button" className="secondary" disabled={first} onClick={() => onMove(-1)}>
          ↑ <span className="visually-hidden">{t('cms.outline.sessionUp', { title: title || label })}</span>
        </button>
        <button type="button" className="secondary" disabled={last} onClick={() => onMove(1)}>
          ↓ <span className="visually-hidden">{t('cms.outline.sessionDown', { title: title || label })}</span>
        </button>
        <button type="button" className="secondary" onClick={onRemove}>
          {t('cms.outline.sessionRemove')} <span className="visually-hidden">{title || label}</span>
        </button>
      </div>
    </li>
  );
}
