import type { z } from 'zod';
import type { personEditBody, PersonDetail } from '../../core/contracts/people.ts';
import { requestEmailChange } from '../auth/email-change.ts';
import { findUserById } from '../data/auth/users.ts';
import { findPerson } from '../data/people/people.ts';
import { findKnownPeople } from '../data/people/invitations.ts';
import { addressRequestEvent, personEditEvent, updatePerson } from '../data/people/person-edits.ts';
import { findSite } from '../data/site/sites.ts';
import { HttpError, refusal } from '../http-error.ts';
import { message } from '../messages.ts';
import { peopleMessage } from './messages.ts';
import type { StaffMailContext } from './people-import.ts';
import { outranks } from './staff-actor.ts';

type PersonEdit = z.output<typeof personEditBody>;

/**
 * Staff correct a person's names, address or language (the person page, `PUT /api/staff/people/{id}`).
 * Names and language change at once, with an audit event naming the fields; the address goes the way
 * a person's own change does (functions/auth/email-change.ts): a link to the new address, which
 * becomes the account's when it is followed. An address another account holds is refused (409), as
 * the new-person form refuses it: staff see every account, so there is nothing to hide from them,
 * where a person's own change answers alike either way. Not for an account whose roles grant what
 * the staff member's do not.
 */
export async function editPerson(
  context: StaffMailContext,
  userId: string,
  edit: PersonEdit,
): Promise<{ person: PersonDetail; /** A link went to a new address. */ addressSent: boolean }> {
  const { env, actor, language, now } = context;
  const user = await findUserById(env.DB, userId);
  if (!user || user.siteId !== actor.siteId || user.status === 'deleted') throw new HttpError(404, peopleMessage('personNotFound', language, { id: userId }));
  if (await outranks(env.DB, user.roles, actor)) throw new HttpError(403, peopleMessage('editStronger', language));
  if (edit.locale !== undefined && !(await findSite(env.DB, actor.siteId))?.supportedLocale.includes(edit.locale)) {
    throw new HttpError(400, message('invalidField', language, { field: 'locale', detail: edit.locale }));
  }
  const wanted = edit.email?.trim().toLowerCase();
  if (wanted && wanted !== user.email?.toLowerCase()) {
    const holders = await findKnownPeople(env.DB, actor.siteId, [wanted], []);
    if (holders.some((other) => other.id !== userId)) throw new HttpError(409, peopleMessage('emailTaken', language, { email: wanted }));
  }
  let addressSent = false;
  if (edit.email !== undefined) {
    const address = await requestEmailChange({ env, siteId: actor.siteId, language, now, origin: context.origin }, user, edit.email);
    if (address.kind === 'refused') throw refusal(address.status, address.message, { 'retry-after': '3600' });
    addressSent = address.kind === 'requested' && edit.email !== null;
    // A link sent is a request in the history; an address removed changed at once, as names do.
    const recorded = { siteId: actor.siteId, actorId: actor.id, userId, now };
    if (addressSent) await addressRequestEvent(env.DB, recorded).run();
    else if (address.kind === 'requested') await personEditEvent(env.DB, { ...recorded, fields: ['email'] }).run();
  }
  // Only what differs: saving the form unchanged writes nothing, and the history names real changes.
  const current = { firstName: user.firstName, lastName: user.lastName, locale: user.locale };
  const changes = Object.fromEntries(
    (['firstName', 'lastName', 'locale'] as const)
      .filter((field) => edit[field] !== undefined && edit[field] !== current[field])
      .map((field) => [field, edit[field]]),
  );
  await updatePerson(env.DB, { siteId: actor.siteId, actorId: actor.id, userId, now }, changes);
  const person = await findPerson(env.DB, actor.siteId, userId);
  if (!person) throw new HttpError(404, peopleMessage('personNotFound', language, { id: userId }));
  return { person, addressSent };
}
