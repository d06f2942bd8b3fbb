import type { D1Database } from '@cloudflare/workers-types';
import { findPasswordHash } from '../data/auth/passwords.ts';
import { findUserById } from '../data/auth/users.ts';
import { deleteAccount } from '../data/rights/account-deletion.ts';
import { HttpError } from '../http-error.ts';
import type { Language } from '../messages.ts';
import { peopleMessage } from './messages.ts';
import { outranks, type StaffActor } from './staff-actor.ts';

/**
 * Staff delete a person (an erasure request received by letter or e-mail, an account made by
 * mistake): the very batch of the owner's own deletion (functions/data/rights/account-deletion.ts),
 * keeping what the ECM registry requires, with `people.account.delete` naming the staff member and
 * the account's id. Staff delete their own account from their profile, and never one whose roles
 * grant what theirs do not.
 */
export async function erasePerson(db: D1Database, actor: StaffActor, userId: string, now: number, language: Language): Promise<void> {
  const person = await findUserById(db, userId);
  if (!person || person.siteId !== actor.siteId) throw new HttpError(404, peopleMessage('personNotFound', language, { id: userId }));
  if (person.status === 'deleted') throw new HttpError(409, peopleMessage('erasedAlready', language));
  if (person.id === actor.id) throw new HttpError(409, peopleMessage('eraseSelf', language));
  if (await outranks(db, person.roles, actor)) throw new HttpError(403, peopleMessage('eraseStronger', language));
  const stored = await findPasswordHash(db, userId);
  const deletion = { siteId: actor.siteId, userId, code: person.code, email: person.email, passwordHash: stored?.hash ?? null, now, by: actor.id };
  // The password or the address changed (or someone else deleted it) between the read and the batch.
  if (!(await deleteAccount(db, deletion))) throw new HttpError(409, peopleMessage('eraseRaced', language));
}
