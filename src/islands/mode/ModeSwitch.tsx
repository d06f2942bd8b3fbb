import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { createApiClient } from '../../lib/api-client.ts';
import { modeEventName } from '../../../core/client-event.ts';
import { buildEvent } from '../../../core/event-name.ts';
import { availableModes, type RoleMode } from '../../../core/mode.ts';
import { translator } from '../../../core/translate.ts';
import { $mode, setMode } from '../../stores/mode.ts';
import './mode-switch.css';
import { useHydrated } from '../../lib/use-hydrated.ts';

interface Props {
  /** The mode of the user's role, read with the page. */
  roleMode: RoleMode;
  siteId: string;
  locale: string;
  cmsUrl: string | null;
  strings: Record<string, string>;
}

/**
 * Editors and testers switch between their mode and the learner's; editors also get the CMS link.
 * In the page's HTML from the start; the choices work once the page's scripts run (the mode lives
 * in the tab, and CMS and tester mode are the scripts' own: the page says so without them).
 */
export default function ModeSwitch({ roleMode, siteId, locale, cmsUrl, strings }: Props) {
  const t = translator(strings);
  const stored = useStore($mode);
  // The server knows no tab's mode: until hydrated, the HTML's (the learner's), with the choices off.
  const hydrated = useHydrated();
  const mode = hydrated ? stored : 'user';

  const api = createApiClient({ siteId: () => siteId, localeCode: () => locale });
  // The audit trail keeps who entered or left CMS and tester mode (the server records the edits themselves).
  const choose = (option: RoleMode) => {
    setMode(option);
    api.post('/event', { json: buildEvent(modeEventName(roleMode, option), { ua: navigator.userAgent }) }).catch(() => undefined);
  };

  useEffect(() => {
    // A mode this role no longer has (its role changed since the tab chose it) goes back to the learner's.
    if (!availableModes(roleMode).includes($mode.get())) setMode('user');
  }, [roleMode]);

  if (roleMode === 'user') return null;
  return (
    <section className="mode-switch notice" aria-labelledby="mode-title" data-testid="mode-switch">
      <h2 id="mode-title">{t('mode.title')}</h2>
      <fieldset>
        <legend>{t('mode.choose')}</legend>
        {availableModes(roleMode).map((option) => (
          <label key={option} className="choice">
            <input type="radio" name="mode" value={option} checked={mode === option} disabled={!hydrated} onChange={() => choose(option)} />
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
