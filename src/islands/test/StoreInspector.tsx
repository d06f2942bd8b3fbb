import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $mode } from '../../stores/mode.ts';
import { $loadedSite, $localeCode, $siteError, $siteId, ensureSiteLoaded } from '../../stores/site.ts';
import './store-inspector.css';

interface Props {
  siteId: string;
  locale: string;
}

/** The state of the client stores, for testers checking a build. */
export default function StoreInspector({ siteId, locale }: Props) {
  const mode = useStore($mode);
  const currentSite = useStore($siteId);
  const currentLocale = useStore($localeCode);
  const loaded = useStore($loadedSite);
  const error = useStore($siteError);
  useEffect(() => {
    ensureSiteLoaded(siteId, locale, true).catch(() => undefined);
  }, [siteId, locale]);
  const state = {
    mode,
    siteId: currentSite,
    localeCode: currentLocale,
    siteError: error,
    site: loaded
      ? {
          niceName: loaded.site.niceName,
          locales: loaded.locales.map((l) => l.code),
          boilerplateKeys: loaded.boilerplate.length,
          badges: loaded.badges.length,
          levels: loaded.levels.length,
          categories: loaded.categories.length,
          progress: loaded.progress ? { badges: Object.keys(loaded.progress.badges).length, levels: Object.keys(loaded.progress.levels).length } : null,
        }
      : 'loading',
  };
  return (
    <pre className="store-state" data-testid="store-state" tabIndex={0}>
      {JSON.stringify(state, null, 2)}
    </pre>
  );
}
