/** A page whose code failed to load is reloaded at most once per this window, per path. */
export const RELOAD_WINDOW_MS = 10_000;
const KEY_PREFIX = 'tiles-chunk-reload:';

/** True when a chunk-load failure should reload the page now; records the reload. */
export function claimReload(storage: Pick<Storage, 'getItem' | 'setItem'>, path: string, now: number): boolean {
  const key = `${KEY_PREFIX}${path}`;
  const stored = storage.getItem(key);
  const last = stored === null ? Number.NaN : Number(stored);
  if (Number.isFinite(last) && now - last < RELOAD_WINDOW_MS) return false;
  storage.setItem(key, String(now));
  return true;
}

/** Errors that mean a code chunk did not arrive (a new deployment replaced it, or the network failed). */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk .* failed|Unable to preload CSS/i.test(
    text,
  );
}
