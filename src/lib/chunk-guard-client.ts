import { claimReload, isChunkLoadError } from './reload-guard.ts';

let started = false;

/**
 * Reloads the page when `error` is a code chunk that failed to load, at most once per 10 seconds
 * per path; true when it did. For code that catches its own dynamic import's failure.
 */
export function recoverFromChunkError(error: unknown): boolean {
  if (!isChunkLoadError(error)) return false;
  if (!claimReload(sessionStorage, location.pathname, Date.now())) return false;
  location.reload();
  return true;
}

/** A page whose code chunk failed to load reloads, at most once per 10 seconds per path. */
export function startChunkGuard(): void {
  if (started) return;
  started = true;
  const recover = recoverFromChunkError;
  window.addEventListener('vite:preloadError', (event) => {
    if (recover((event as Event & { payload?: unknown }).payload)) event.preventDefault();
  });
  document.addEventListener('astro:hydration-error', (event) => {
    const detail = (event as CustomEvent<{ error: unknown }>).detail;
    if (recover(detail?.error)) event.preventDefault();
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (recover(event.reason)) event.preventDefault();
  });
}
