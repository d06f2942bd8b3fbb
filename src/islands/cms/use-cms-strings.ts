import { useEffect, useMemo, useState } from 'react';
import type { BoilerplateEntry } from '../../../core/contracts/site.ts';
import type { ApiClient } from '../../lib/api-client.ts';
import { DEFAULT_LOCALE } from '../../../core/locale.ts';
import { translator, type Strings, type Translate } from '../../../core/translate.ts';

export interface CmsStrings {
  entries: BoilerplateEntry[] | null;
  error: string | null;
  /** The strings by key in the page's locale: what parts with props of their own take (`MediaField`'s `strings`). */
  texts: Strings;
  t: Translate;
  reload: () => void;
}

/**
 * The panel is loaded on any page, so its strings come from the API rather than the page: the
 * same boilerplate entries the strings editor lists, in the page's locale, falling back to Italian.
 */
export function useCmsStrings(api: ApiClient, locale: string): CmsStrings {
  const [entries, setEntries] = useState<BoilerplateEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    api
      .get('/i18n/boilerplate')
      .then((loaded) => current && (setEntries(loaded), setError(null)))
      .catch((failure: Error) => current && setError(failure.message));
    return () => {
      current = false;
    };
  }, [api, attempt]);
  const texts = useMemo(
    () => Object.fromEntries((entries ?? []).map((entry) => [entry.key, entry.translations[locale] ?? entry.translations[DEFAULT_LOCALE] ?? entry.key])),
    [entries, locale],
  );
  const t = useMemo(() => translator(texts), [texts]);
  return { entries, error, texts, t, reload: () => setAttempt((n) => n + 1) };
}
