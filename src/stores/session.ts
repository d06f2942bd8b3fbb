import { atom, computed } from 'nanostores';

export interface SessionUser {
  locale: string;
  [field: string]: unknown;
}

/** The signed-in user as the API returned it; null for visitors and after logout. */
export const $user = atom<SessionUser | null>(null);
export const $authenticated = computed($user, (user) => user !== null);
