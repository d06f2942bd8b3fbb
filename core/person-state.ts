import type { AccountStatus } from './user.ts';

/**
 * A person's state, one machine for every screen and call: `invited` (staff created the account,
 * no password chosen yet), `pending` (registered, the address not yet confirmed), `active`,
 * `suspended` (remembering what it returns to), `deleted` (only the pseudonym the registry needs).
 *
 *   invited ──invitation link / reset link──▶ active
 *   pending ──confirmation link / reset link──▶ active
 *   invited | pending | active ──suspend──▶ suspended ──reactivate──▶ the state it left
 *   any ──delete──▶ deleted
 */
export const PERSON_STATES = ['invited', 'pending', 'active', 'suspended', 'deleted'] as const;
export type PersonState = (typeof PERSON_STATES)[number];

/** The states staff list, filter by and see (a deleted account is nobody they can find). */
export const LISTED_STATES = ['invited', 'pending', 'active', 'suspended'] as const satisfies readonly PersonState[];
export type ListedState = (typeof LISTED_STATES)[number];

/** What a suspended account returns to when reactivated. */
export type ResumableState = Exclude<ListedState, 'suspended'>;

/** The columns of `user` the state is made of (migrations 0022, 0024, 0034). */
export interface StoredAccountState {
  status: AccountStatus;
  /** 1 while a registration waits for its confirmation link (kept through a suspension). */
  registrationPending: boolean;
  /** The status a suspended account had: 'active' or 'invited'; null otherwise. */
  suspendedFrom: AccountStatus | null;
}

/** The state a suspended account returns to, or that a non-suspended one is in (deleted aside). */
function underlying(account: StoredAccountState): ResumableState {
  const status = account.status === 'suspended' ? (account.suspendedFrom ?? 'active') : account.status;
  if (status === 'invited') return 'invited';
  return account.registrationPending ? 'pending' : 'active';
}

export function personState(account: StoredAccountState): PersonState {
  if (account.status === 'deleted') return 'deleted';
  if (account.status === 'suspended') return 'suspended';
  return underlying(account);
}

/** What reactivating a suspended account returns it to; null for an account that is not suspended. */
export function resumesAs(account: StoredAccountState): ResumableState | null {
  return account.status === 'suspended' ? underlying(account) : null;
}
