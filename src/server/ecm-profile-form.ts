import { env } from 'cloudflare:workers';
import { ecmProfileBody } from '../../core/contracts/ecm.ts';
import { professionOfDiscipline, saveEcmProfile } from '../../functions/data/ecm/profile.ts';
import { isFiscalCodeTaken } from '../../functions/data/people/fiscal-code.ts';
import { learnerFiscalCodeRefusal } from '../../functions/ecm/learner-fiscal-code.ts';
import { FISCAL_CODE_KEYS } from './ecm-details-form.ts';
import { fieldErrors, type FieldErrors } from './form-errors.ts';
import type { Permission } from '../../core/permissions.ts';
import { message, type Language } from '../../functions/messages.ts';
import { formText } from './form-text.ts';

/** The ECM form's fields as typed (the island's own shape), shown again after a refusal. */
export interface EcmProfileValues {
  fiscalCode: string;
  professionId: string;
  disciplineId: string;
  employment: string;
}

/** The `form` field that tells the user-data page's two forms apart. */
export const ECM_PROFILE_FORM = 'ecm-profile';

export type EcmProfilePost =
  | { kind: 'saved' }
  | {
      kind: 'refused';
      values: EcmProfileValues;
      errors: FieldErrors;
      /** A refusal of the whole form, in the page's language. */ problem: string | null;
      status: number;
    };

/**
 * The user data's ECM fields posted without scripts (or before they ran): the checks and write of
 * `PUT /api/lms/ecm/profile` (409 for a code another account has), every problem at its field at
 * once as an interface string. Without scripts the discipline list holds every profession's
 * disciplines: the chosen discipline must belong to the chosen profession.
 */
export async function submitEcmProfile(form: FormData, userId: string, granted: ReadonlySet<Permission>, language: Language): Promise<EcmProfilePost> {
  const values: EcmProfileValues = {
    fiscalCode: formText(form, 'fiscalCode'),
    professionId: formText(form, 'professionId'),
    disciplineId: formText(form, 'disciplineId'),
    employment: formText(form, 'employment'),
  };
  const refused = (errors: FieldErrors, problem: string | null = null, status = 400): EcmProfilePost => ({ kind: 'refused', values, errors, problem, status });
  if (!granted.has('profile:write')) return refused({}, message('forbidden', language, { permission: 'profile:write' }), 403);
  const parsed = ecmProfileBody.safeParse(values);
  if (!parsed.success) {
    const found = fieldErrors(parsed.error, { ...values });
    // The form's own words: an empty field is required, a malformed code is told its shape.
    const errors: FieldErrors = {};
    for (const [field, error] of Object.entries(found)) {
      if (error?.key === 'validation.required') errors[field] = { key: 'ecmProfile.required' };
      else errors[field] = field === 'fiscalCode' ? { key: 'ecmProfile.fiscalCodeInvalid' } : { key: 'validation.format' };
    }
    return refused(errors);
  }
  const body = parsed.data;
  // Both checks, so that every field's problem shows at once, as the API's order has it: code, then discipline.
  const [refusal, disciplineProfession] = await Promise.all([
    learnerFiscalCodeRefusal(env, userId, body.fiscalCode),
    professionOfDiscipline(env.DB, body.disciplineId),
  ]);
  const errors: FieldErrors = {};
  if (refusal) errors.fiscalCode = { key: FISCAL_CODE_KEYS[refusal] };
  if (disciplineProfession !== body.professionId) errors.disciplineId = { key: 'ecmProfile.disciplineMismatch' };
  if (refusal || errors.disciplineId) return refused(errors, null, refusal === 'taken' ? 409 : 400);
  try {
    await saveEcmProfile(env.DB, userId, body, Date.now());
  } catch (error) {
    if (isFiscalCodeTaken(error)) return refused({ fiscalCode: { key: FISCAL_CODE_KEYS.taken } }, null, 409);
    throw error;
  }
  return { kind: 'saved' };
}
