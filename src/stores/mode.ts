import { atom } from 'nanostores';

export type Mode = 'user' | 'admin' | 'tester';

/** user (default), admin (CMS mode) or tester; reset to user at logout (SPEC section 4). */
export const $mode = atom<Mode>('user');

export function resetMode(): void {
  $mode.set('user');
}
