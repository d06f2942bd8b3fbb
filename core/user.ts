import type { Gender } from './user-fields.ts';

/** The user table's `status` (migration 0022); `invited` is kept for accounts that wait for their first password. */
export type AccountStatus = 'active' | 'invited' | 'suspended' | 'deleted';

/**
 * The user, the one shape the platform's code passes around: the session's user in the API
 * (`requireSession`), on pages (`Astro.locals.user`), in the data functions. No password hash,
 * which only the password check reads (`findUserToSignIn`). What the API answers about a user is
 * its own wire shape, `ApiUser` (core/contracts/user.ts), made from this one (`toApiUser`).
 */
export interface User {
  id: string;
  siteId: string;
  code: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  gender: Gender | null;
  locale: string;
  roles: string[];
  /** Only an `active` account signs in and keeps its sessions (a `suspended` one's ended when it was suspended). */
  status: AccountStatus;
}
