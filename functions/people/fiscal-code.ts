import type { PersonDetail } from '../../core/contracts/people.ts';
import { fiscalCodeMismatch, hasFiscalCodeShape, isValidFiscalCode } from '../../core/fiscal-code.ts';
import { findFiscalCodeHolder, findFiscalCodeOwner, isFiscalCodeTaken, setFiscalCode, type FiscalCodeHolder } from '../data/people/fiscal-code.ts';
import { findPerson } from '../data/people/people.ts';
import type { Env } from '../env.ts';
import { HttpError } from '../http-error.ts';
import type { Language } from '../messages.ts';
import { peopleMessage } from './messages.ts';
import { outranks, type StaffActor } from './staff-actor.ts';

/** A 409 for staff: the code is another account's, named (staff may see it) and carried as `holder` for the page's link. */
export function fiscalCodeHeld(holder: FiscalCodeHolder, code: string, language: Language): HttpError & { holder: FiscalCodeHolder } {
  const refusal = new HttpError(409, peopleMessage('fiscalCodeTaken', language, { code, name: `${holder.firstName} ${holder.lastName}`, user: holder.code }));
  return Object.assign(refusal, { holder });
}

/**
 * What staff may not write as a person's codice fiscale: not a valid code (400), not consistent
 * with the names and gender (400), or another account's (409 naming it).
 */
export async function staffFiscalCodeRefusal(
  env: Env,
  siteId: string,
  code: string,
  person: { id: string | null; firstName: string; lastName: string; gender: string | null },
  language: Language,
): Promise<HttpError | null> {
  if (!isValidFiscalCode(code))
    return new HttpError(400, peopleMessage(hasFiscalCodeShape(code) ? 'importFiscalCode' : 'importFiscalCodeShape', language, { value: code.slice(0, 40) }));
  const mismatch = fiscalCodeMismatch(code, person);
  if (mismatch === 'gender') return new HttpError(400, peopleMessage('fiscalCodeGender', language, { code }));
  if (mismatch) return new HttpError(400, peopleMessage('fiscalCodeNames', language, { code, name: `${person.firstName} ${person.lastName}` }));
  const holder = await findFiscalCodeHolder(env.DB, siteId, code, person.id);
  return holder ? fiscalCodeHeld(holder, code, language) : null;
}

/**
 * Staff correct (or remove, with an empty value) a person's codice fiscale: checked as above, not
 * for an account whose roles grant what the staff member's lack, written with
 * `people.fiscalcode.update` (the code it had). Of two parallel saves of one code the unique
 * index lets one through; the other is the same 409.
 */
export async function changeFiscalCode(
  context: { env: Env; actor: StaffActor; language: Language; now: number },
  userId: string,
  typed: string,
): Promise<PersonDetail> {
  const { env, actor, language, now } = context;
  const person = await findPerson(env.DB, actor.siteId, userId);
  const owner = person ? await findFiscalCodeOwner(env.DB, userId) : null;
  if (!person || !owner) throw new HttpError(404, peopleMessage('personNotFound', language, { id: userId }));
  if (await outranks(env.DB, person.roles, actor)) throw new HttpError(403, peopleMessage('fiscalCodeStronger', language));
  const code = typed.trim().toUpperCase() || null;
  if (code) {
    const refusal = await staffFiscalCodeRefusal(env, actor.siteId, code, { id: userId, ...owner }, language);
    if (refusal) throw refusal;
  }
  try {
    await setFiscalCode(env.DB, { siteId: actor.siteId, actorId: actor.id, now }, userId, owner.fiscalCode, code);
  } catch (error) {
    const holder = code && isFiscalCodeTaken(error) ? await findFiscalCodeHolder(env.DB, actor.siteId, code, userId) : null;
    if (code && holder) throw fiscalCodeHeld(holder, code, language);
    throw error;
  }
  const after = await findPerson(env.DB, actor.siteId, userId);
  if (!after) throw new HttpError(404, peopleMessage('personNotFound', language, { id: userId }));
  return after;
}
