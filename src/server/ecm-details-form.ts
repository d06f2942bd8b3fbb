import { env } from 'cloudflare:workers';
import { ecmDetailsBody } from '../../core/contracts/ecm.ts';
import { isSafeReturnPath } from '../../core/return-path.ts';
import { professionOfDiscipline, saveEcmDetails } from '../../functions/data/ecm/profile.ts';
import { isFiscalCodeTaken } from '../../functions/data/people/fiscal-code.ts';
import { learnerFiscalCodeRefusal, type LearnerFiscalCodeRefusal } from '../../functions/ecm/learner-fiscal-code.ts';
import { fieldErrors, type FieldErrors } from './form-errors.ts';
import { formText } from './form-text.ts';

export interface EcmDetailsValues {
  gender: string;
  fiscalCode: string;
  disciplineId: string;
}

/** The field's message for each refusal of a codice fiscale (the API's, as interface strings). */
export const FISCAL_CODE_KEYS: Record<LearnerFiscalCodeRefusal, string> = {
  invalid: 'ecmProfile.fiscalCodeCheck',
  lastName: 'ecmProfile.fiscalCodeNames',
  firstName: 'ecmProfile.fiscalCodeNames',
  gender: 'ecmProfile.fiscalCodeGender',
  taken: 'ecmProfile.fiscalCodeTaken',
};

export type EcmDetailsPost = { kind: 'saved' } | { kind: 'refused'; values: EcmDetailsValues; errors: FieldErrors };

/** Where the question sends the person next: the address they were going to (same site only), else their profile. */
export function detailsReturnPath(url: URL, locale: string): string {
  const wanted = url.searchParams.get('returnTo') ?? '';
  return wanted && wanted !== '/' && isSafeReturnPath(wanted) ? wanted : `/${locale}/profile`;
}

/**
 * The one-time ECM question posted without scripts: gender, and codice fiscale with a discipline
 * (its profession taken from the commission's list) or neither; the codice fiscale's check
 * character, names, gender (the one given here) and uniqueness checked as the ECM profile does.
 */
export async function submitEcmDetails(form: FormData, userId: string): Promise<EcmDetailsPost> {
  const values = { gender: formText(form, 'gender'), fiscalCode: formText(form, 'fiscalCode'), disciplineId: formText(form, 'disciplineId') };
  const parsed = ecmDetailsBody.safeParse(values);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error, values);
    if (parsed.error.issues.some((issue) => issue.path[0] === 'disciplineId' && issue.code === 'custom')) errors.disciplineId = { key: 'ecmDetails.pair' };
    if (errors.gender) errors.gender = { key: 'ecmProfile.required' };
    return { kind: 'refused', values, errors };
  }
  const { gender, fiscalCode, disciplineId } = parsed.data;
  const refused = (refusal: LearnerFiscalCodeRefusal): EcmDetailsPost => ({
    kind: 'refused',
    values,
    errors: { fiscalCode: { key: FISCAL_CODE_KEYS[refusal] } },
  });
  const refusal = fiscalCode ? await learnerFiscalCodeRefusal(env, userId, fiscalCode, gender) : null;
  if (refusal) return refused(refusal);
  const professionId = disciplineId ? await professionOfDiscipline(env.DB, disciplineId) : null;
  if (disciplineId && !professionId) return { kind: 'refused', values, errors: { disciplineId: { key: 'validation.format' } } };
  try {
    await saveEcmDetails(env.DB, userId, { gender, fiscalCode: fiscalCode || null, professionId, disciplineId: disciplineId || null }, Date.now());
  } catch (error) {
    if (isFiscalCodeTaken(error)) return refused('taken');
    throw error;
  }
  return { kind: 'saved' };
}
