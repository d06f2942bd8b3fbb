import { atom } from 'nanostores';
import { PREVIEW_COOKIE } from '../../core/preview-cookie.ts';

export type Mode = 'user' | 'admin' | 'tester';
const KEY = 'tiles-mode';
const MODES: readonly Mode[] = ['user', 'admin', 'tester'];

function stored(): Mode {
  if (typeof sessionStorage === 'undefined') return 'user';
  const value = sessionStorage.getItem(KEY);
  return MODES.includes(value as Mode) ? (value as Mode) : 'user';
}

/** user (default), admin (CMS mode) or tester; kept for the tab's session, reset to user at logout. */
export const $mode = atom<Mode>(stored());

/** Tells the server whether this tab previews drafts (core/preview-cookie.ts): a session cookie, for this site only. */
function sendPreview(mode: Mode): void {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = mode === 'user' ? `${PREVIEW_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}` : `${PREVIEW_COOKIE}=1; Path=/; SameSite=Lax${secure}`;
}
sendPreview($mode.get());

$mode.listen((mode) => {
  sendPreview(mode);
  if (typeof sessionStorage === 'undefined') return;
  if (mode === 'user') sessionStorage.removeItem(KEY);
  else sessionStorage.setItem(KEY, mode);
});

export function setMode(mode: Mode): void {
  $mode.set(mode);
}

export function resetMode(): void {
  $mode.set('user');
}
