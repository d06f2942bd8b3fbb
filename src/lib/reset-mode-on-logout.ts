import { resetMode } from '../stores/mode.ts';

/**
 * Signing out returns the tab to the learner's mode. Logout is always a form
 * POST (the header's "Esci", the logout page's confirmation, "Esci da tutti i dispositivi"): a
 * link to the logout page only asks, so it resets nothing.
 */
export function resetModeOnLogout(): void {
  document.addEventListener('submit', (event) => {
    const form = event.target as HTMLFormElement | null;
    if (form?.getAttribute('action')?.endsWith('/logout')) resetMode();
  });
}
