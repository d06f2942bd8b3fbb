import { resetMode } from '../stores/mode.ts';

/** Signing out (the logout link, or the form that signs out everywhere) returns the tab to the learner's mode (SPEC section 4). */
export function resetModeOnLogout(): void {
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[href$="/logout"]');
    if (link) resetMode();
  });
  document.addEventListener('submit', (event) => {
    const form = event.target as HTMLFormElement | null;
    if (form?.getAttribute('action')?.endsWith('/logout')) resetMode();
  });
}
