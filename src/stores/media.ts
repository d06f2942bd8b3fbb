import { atom } from 'nanostores';
import type { MediaItem } from '../../core/contracts/media.ts';
import type { ApiClient } from '../lib/api-client.ts';

/** The site's media library as last loaded: the library section and every media field share it, so an upload in one shows in all. */
export const $mediaLibrary = atom<MediaItem[] | null>(null);

let loading: Promise<MediaItem[]> | null = null;

/** Loads the library (once for every field asking at the same time); `again` reloads it, after a change elsewhere. */
export function loadMediaLibrary(api: ApiClient, again = false): Promise<MediaItem[]> {
  if (loading && !again) return loading;
  const current = api.get('/cms/media').then(
    (items) => {
      if (loading === current) $mediaLibrary.set(items);
      return items;
    },
    (error: unknown) => {
      if (loading === current) loading = null;
      throw error;
    },
  );
  loading = current;
  return current;
}

/** A file uploaded or replaced: first in the list, in place of an older copy of itself. */
export function rememberMedia(item: MediaItem): void {
  $mediaLibrary.set([item, ...($mediaLibrary.get() ?? []).filter((other) => other.key !== item.key)]);
}

export function forgetMedia(key: string): void {
  $mediaLibrary.set(($mediaLibrary.get() ?? []).filter((item) => item.key !== key));
}
