import { PASSWORD_CHANGE_ATTEMPTS, PASSWORD_WINDOW_MS } from '../../core/password-allowance.ts';
import { changePassword, countAttempt, findPasswordHash } from '../data/auth/passwords.ts';
import type { User } from '../data/auth/users.ts';
import type { Env } from '../env.ts';
import type { Language } from '../messages.ts';
import { authMessage } from './messages.ts';
import { providerNames } from './oidc/providers.ts';
import { hashPassword, verifyPassword } from './password.ts';
import type { Session } from './session.ts';
import { hashToken } from '../shared/token.ts';

/** The providers (by name) an account signs in through when it has no password here, else null: the profile says where its password lives. */
export async function passwordlessProviders(env: Env, userId: string): Promise<string | null> {
  const stored = await findPasswordHash(env.DB, userId);
  return stored && !stored.hash ? providerNames(env, stored.providers) : null;
}

/**
 * One try at the signed-in user's current password, counted before it is checked (5 an hour, so a
 * stolen session cannot guess it); false past the allowance. A password change and an account
 * deletion confirmed by password share the allowance.
 */
export function countCurrentPasswordTry(env: Env, user: Pick<User, 'id' | 'siteId'>, now: number): Promise<boolean> {
  return countAttempt(env.DB, {
    id: crypto.randomUUID(),
    siteId: user.siteId,
    scope: 'change',
    key: user.id,
    now,
    since: now - PASSWORD_WINDOW_MS,
    allowance: PASSWORD_CHANGE_ATTEMPTS,
  });
}

export type ChangeResult =
  { kind: 'changed' } | { kind: 'refused'; status: 400 | 409 | 429; message: string; /** The form field the refusal is about. */ field: 'current' | null };

/**
 * A signed-in user's new password, for the API (`PUT /api/auth/password`) and the profile's form:
 * the current password first (5 tries an hour, counted before the check, so a stolen session
 * cannot guess it), then the new one written over exactly the hash that was checked, the user's
 * reset links voided and every other session ended; this one goes on. An account that signs in
 * through a provider has no password here: it is told where to go.
 */
export async function changeOwnPassword(
  env: Env,
  session: Session,
  body: { current: string; password: string },
  language: Language,
  now: number,
): Promise<ChangeResult> {
  const { user } = session;
  const stored = await findPasswordHash(env.DB, user.id);
  if (!stored?.hash) {
    return {
      kind: 'refused',
      status: 409,
      message: authMessage('passwordFederated', language, { provider: providerNames(env, stored?.providers ?? []) }),
      field: null,
    };
  }
  if (!(await countCurrentPasswordTry(env, user, now)))
    return { kind: 'refused', status: 429, message: authMessage('passwordChangesTooMany', language), field: null };
  if (!(await verifyPassword(body.current, stored.hash, env.PASSWORD_PEPPER))) {
    return { kind: 'refused', status: 400, message: authMessage('passwordWrongCurrent', language), field: 'current' };
  }
  const keep = await Promise.all([session.tokens.accessToken, session.tokens.refreshToken].map(hashToken));
  const newHash = await hashPassword(body.password, env.PASSWORD_PEPPER);
  const changed = await changePassword(env.DB, { siteId: user.siteId, userId: user.id, oldHash: stored.hash, newHash, now, keep });
  // Another change won the race since the check: the password checked is no longer the current one.
  if (!changed) return { kind: 'refused', status: 400, message: authMessage('passwordWrongCurrent', language), field: 'current' };
  return { kind: 'changed' };
}
