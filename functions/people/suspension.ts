import type { D1Database } from '@cloudflare/workers-types';
import type { PersonDetail } from '../../core/contracts/people.ts';
import { findPerson, reactivatePerson, suspendPerson } from '../data/people/people.ts';
import { HttpError } from '../http-error.ts';
import type { Language } from '../messages.ts';
import { peopleMessage } from './messages.ts';
import { outranks, type StaffActor } from './staff-actor.ts';

async function personOf(db: D1Database, actor: StaffActor, userId: string, language: Language): Promise<PersonDetail> {
  const person = await findPerson(db, actor.siteId, userId);
  if (!person) throw new HttpError(404, peopleMessage('personNotFound', language, { id: userId }));
  return person;
}

/**
 * Suspends an account: it cannot sign in (password or identity provider) and every session of it
 * ends now. Staff cannot suspend themselves, nor an account whose roles grant what theirs do not
 * (a secretary cannot lock the editors out).
 */
export async function suspend(db: D1Database, actor: StaffActor, userId: string, now: number, language: Language): Promise<PersonDetail> {
  const person = await personOf(db, actor, userId, language);
  if (person.id === actor.id) throw new HttpError(409, peopleMessage('suspendSelf', language));
  if (await outranks(db, person.roles, actor)) throw new HttpError(403, peopleMessage('suspendStronger', language));
  await suspendPerson(db, { siteId: actor.siteId, userId, actorId: actor.id, now });
  return personOf(db, actor, userId, language);
}

/** Lets a suspended account sign in again (its ended sessions stay ended). */
export async function reactivate(db: D1Database, actor: StaffActor, userId: string, now: number, language: Language): Promise<PersonDetail> {
  await personOf(db, actor, userId, language);
  await reactivatePerson(db, { siteId: actor.siteId, userId, actorId: actor.id, now });
  return personOf(db, actor, userId, language);
}
