import { findPasswordHash } from '../data/auth/passwords.ts';
import { deleteAccount } from '../data/rights/account-deletion.ts';
import { providerNames } from '../auth/oidc/providers.ts';
import { countCurrentPasswordTry } from '../auth/password-change.ts';
import { verifyPassword } from '../auth/password.ts';
import type { User } from '../data/auth/users.ts';
import type { Env } from '../env.ts';
import type { Language } from '../messages.ts';
import { authMessage } from '../auth/messages.ts';
import { rightsMessage } from './messages.ts';

export type DeletionResult = { kind: 'deleted' } | { kind: 'refused'; status: 400 | 409 | 429; message: string };

/** How an account confirms its deletion: its password, or (without one) its e-mail address, else its user code. */
export type DeletionConfirmation = { kind: 'password' } | { kind: 'typed'; expected: 'email' | 'code'; provider: string };

export async function deletionConfirmation(env: Env, user: User): Promise<DeletionConfirmation> {
  const stored = await findPasswordHash(env.DB, user.id);
  if (stored?.hash) return { kind: 'password' };
  return { kind: 'typed', expected: user.email ? 'email' : 'code', provider: providerNames(env, stored?.providers ?? []) };
}

/**
 * The owner deletes their account (`POST /api/auth/user/delete` and the profile's form). With a
 * password, the current one, counted like a password change (5 tries an hour, before the check);
 * an account that signs in through a provider types its e-mail address (or its user code when it
 * has none). Then one batch (functions/data/rights/account-deletion.ts) ends every session and
 * removes the personal data, keeping only what the ECM registry requires.
 */
export async function deleteOwnAccount(env: Env, user: User, confirm: string, language: Language, now: number): Promise<DeletionResult> {
  const stored = await findPasswordHash(env.DB, user.id);
  const hash = stored?.hash ?? null;
  if (hash) {
    if (!(await countCurrentPasswordTry(env, user, now))) return { kind: 'refused', status: 429, message: rightsMessage('deleteTooMany', language) };
    if (!(await verifyPassword(confirm, hash, env.PASSWORD_PEPPER)))
      return { kind: 'refused', status: 400, message: authMessage('passwordWrongCurrent', language) };
  } else {
    const expected = user.email ?? user.code;
    if (confirm.trim().toLowerCase() !== expected.toLowerCase()) {
      return { kind: 'refused', status: 400, message: rightsMessage(user.email ? 'deleteConfirmEmail' : 'deleteConfirmCode', language) };
    }
  }
  if (!(await deleteAccount(env.DB, { siteId: user.siteId, userId: user.id, code: user.code, email: user.email, passwordHash: hash, now }))) {
    // The password or the address changed (or the account went) between the check and the batch.
    return { kind: 'refused', status: 409, message: rightsMessage('deleteRaced', language) };
  }
  return { kind: 'deleted' };
}
