import { atom } from 'nanostores';
import { createApiClient } from '../lib/api-client.ts';
import { loadSite, type LoadedSite } from '../lib/site-loader.ts';

/** 'not-set' until the site has loaded. */
export const $siteId = atom<string>('not-set');
export const $localeCode = atom<string>('it-IT');
export const $loadedSite = atom<LoadedSite | null>(null);
export const $siteError = atom<string | null>(null);

export const api = createApiClient({ siteId: () => $siteId.get(), localeCode: () => $localeCode.get() });

let loading: Promise<LoadedSite> | null = null;

/** Runs the site load sequence once per page life; islands read the stores it fills. */
export function ensureSiteLoaded(siteId: string, localeCode: string, signedIn: boolean): Promise<LoadedSite> {
  $localeCode.set(localeCode);
  loading ??= loadSite(api, siteId, { signedIn }).then(
    (loaded) => {
      $siteId.set(loaded.site._id);
      $loadedSite.set(loaded);
      return loaded;
    },
    (error: unknown) => {
      loading = null;
      $siteError.set(error instanceof Error ? error.message : String(error));
      throw error;
    },
  );
  return loading;
}
