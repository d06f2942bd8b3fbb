import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { createApiClient } from '../../lib/api-client.ts';
import { modeEventName } from '../../../core/client-event.ts';
import { buildEvent } from '../../../core/event-name.ts';
import { availableModes, type RoleMode } from '../../../core/mode.ts';
import { translator } from '../../../core/translate.ts';
import { $mode, setMode } from '../../stores/mode.ts';
import './mode-switch.css';

interface Props {
  roleId: string | null;
  siteId: string;
  locale: string;
  cmsUrl: string | null;
  strings: Record<string, string>;
}

/** Editors and testers switch between their mode and the learner's; editors also get the CMS link. */
export default function ModeSwitch({ roleId, siteId, locale, cmsUrl, strings }: Props) {
  const t = translator(strings);
  const mode = useStore($mode);
  const [roleMode, setRoleMode] = useState<RoleMode | null>(null);

  const api = createApiClient({ siteId: () => siteId, localeCode: () => locale });
  // The audit trail keeps who entered or left CMS and tester mode (the server records the edits themselves).
  const choose = (option: RoleMode) => {
    setMode(option);
    api.post('/event', { json: buildEvent(modeEventName(roleMode ?? 'user', option), { ua: navigator.userAgent }) }).catch(() => undefined);
  };

  useEffect(() => {
    if (!roleId) return;
    // The role is loaded by a call for the user's first role.
    createApiClient({ siteId: () => siteId, localeCode: () => locale })
      .get('/role/:roleId', { param: { roleId } })
      .then((role) => {
        setRoleMode(role.mode);
        if (!availableModes(role.mode).includes($mode.get())) setMode('user');
      })
      .catch(() => setRoleMode('user'));
  }, [roleId, siteId, locale]);

  if (!roleMode || roleMode === 'user') return null;
  return (
    <section className="mode-switch notice" aria-labelledby="mode-title" data-testid="mode-switch">
      <h2 id="mode-title">{t('mode.title')}</h2>
      <fieldset>
        <legend>{t('mode.choose')}</legend>
        {availableModes(roleMode).map((option) => (
          <label key={option} className="choice">
            <input type="radio" name="mode" value={option} checked={mode === option} onChange={() => choose(option)} />
            {t(`mode.${option}`)}
          </label>
        ))}
      </fieldset>
      <p role="status" data-testid="mode-current">
        {t('mode.current', { mode: t(`mode.${mode}`) })}
      </p>
      {roleMode === 'admin' && cmsUrl && (
        <p>
          <a className="button" href={cmsUrl} data-testid="cms-link">
            {t('mode.cms')}
          </a>
        </p>
      )}
    </section>
  );
}
