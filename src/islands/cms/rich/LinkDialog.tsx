import { useId, useState } from 'react';
import type { LinkTargets } from '../../../../core/contracts/cms.ts';
import { isSafeHref } from '../../../../core/session-body.ts';
import type { Translate } from '../../../../core/translate.ts';
import RichDialog from './RichDialog.tsx';

interface Props {
  /** The link being changed, or '' for a new one. */
  href: string;
  /** No text is selected: the link needs words of its own. */
  needsText: boolean;
  targets: LinkTargets | null;
  onApply: (href: string, text: string) => void;
  onClose: () => void;
  t: Translate;
}

/** A link's address, typed (web, mail or a site path) or picked from the site's pages and sessions. */
export default function LinkDialog({ href, needsText, targets, onApply, onClose, t }: Props) {
  const id = useId();
  const [address, setAddress] = useState(href);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const apply = () => {
    const chosen = address.trim();
    if (!isSafeHref(chosen)) return setError(t('cms.rich.linkInvalid'));
    if (needsText && text.trim() === '') return setError(t('cms.rich.linkTextRequired'));
    onApply(chosen, text.trim());
  };

  return (
    <RichDialog title={t('cms.rich.linkTitle')} action={t('cms.rich.apply')} error={error} onSubmit={apply} onClose={onClose} t={t}>
      <p className="field">
        <label htmlFor={`${id}-pick`}>{t('cms.rich.linkPick')}</label>
        <select id={`${id}-pick`} value="" onChange={(event) => (setAddress(event.target.value), setError(null))} disabled={!targets}>
          <option value="">{targets ? t('cms.rich.linkPickNone') : t('cms.panel.loading')}</option>
          {targets && targets.pages.length > 0 && (
            <optgroup label={t('cms.rich.linkPages')}>
              {targets.pages.map((page) => (
                <option key={page.href} value={page.href}>
                  {page.title}
                </option>
              ))}
            </optgroup>
          )}
          {targets?.courses.map((course) => (
            <optgroup key={course.href} label={course.title}>
              <option value={course.href}>{t('cms.rich.linkCourse', { title: course.title })}</option>
              {course.sessions.map((session) => (
                <option key={session.href} value={session.href}>
                  {session.title}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </p>
      <p className="field">
        <label htmlFor={`${id}-href`}>{t('cms.rich.linkAddress')}</label>
        <input
          id={`${id}-href`}
          type="text"
          inputMode="url"
          value={address}
          maxLength={2000}
          onChange={(event) => (setAddress(event.target.value), setError(null))}
        />
      </p>
      {needsText && (
        <p className="field">
          <label htmlFor={`${id}-text`}>{t('cms.rich.linkText')}</label>
          <input id={`${id}-text`} type="text" value={text} maxLength={200} onChange={(event) => (setText(event.target.value), setError(null))} />
        </p>
      )}
    </RichDialog>
  );
}
