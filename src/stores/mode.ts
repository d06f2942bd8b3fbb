import { atom } from 'nanostores';

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

$mode.listen((mode) => {
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
