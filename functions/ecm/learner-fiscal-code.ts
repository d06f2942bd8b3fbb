import { fiscalCodeMismatch, isValidFiscalCode, type FiscalCodeMismatch } from '../../core/fiscal-code.ts';
import { findFiscalCodeHolder, findFiscalCodeOwner } from '../data/people/fiscal-code.ts';
import type { Env } from '../env.ts';
import type { Language } from '../messages.ts';
import { ecmMessage } from './messages.ts';

/** Why a learner may not save a codice fiscale: not a code, not theirs by names or gender, or another account's. */
export type LearnerFiscalCodeRefusal = 'invalid' | FiscalCodeMismatch | 'taken';

/**
 * Whether the learner may save `fiscalCode` as theirs (the ECM profile, the one-time question):
 * a valid code, consistent with their account's names and with `gender` (the one they are
 * saving with it, else the stored one), held by no other account of the site. Who holds it is
 * never said: a learner is told to ask the provider's support.
 */
export async function learnerFiscalCodeRefusal(env: Env, userId: string, fiscalCode: string, gender?: string | null): Promise<LearnerFiscalCodeRefusal | null> {
  if (!isValidFiscalCode(fiscalCode)) return 'invalid';
  const owner = await findFiscalCodeOwner(env.DB, userId);
  if (!owner) return 'invalid';
  const mismatch = fiscalCodeMismatch(fiscalCode, { ...owner, gender: gender === undefined ? owner.gender : gender });
  if (mismatch) return mismatch;
  return (await findFiscalCodeHolder(env.DB, owner.siteId, fiscalCode.toUpperCase(), userId)) ? 'taken' : null;
}

const MESSAGE = {
  invalid: 'fiscalCodeInvalid',
  lastName: 'fiscalCodeNames',
  firstName: 'fiscalCodeNames',
  gender: 'fiscalCodeGender',
  taken: 'fiscalCodeTaken',
} as const;

/** The refusal in the learner's language; 409 for a code another account holds, else 400. */
export function learnerFiscalCodeMessage(refusal: LearnerFiscalCodeRefusal, language: Language): { status: 400 | 409; message: string } {
  return { status: refusal === 'taken' ? 409 : 400, message: ecmMessage(MESSAGE[refusal], language) };
}
