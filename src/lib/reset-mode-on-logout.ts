import { resetMode } from '../stores/mode.ts';

/** Signing out returns the tab to the learner's mode (SPEC section 4). */
export function resetModeOnLogout(): void {
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[href$="/logout"]');
    if (link) resetMode();
  });
}
