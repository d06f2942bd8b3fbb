import type { z } from 'zod';
import type { ApiContext } from '../api-context.ts';
import type { ecmProfileBody, EcmProfile, EcmProfileForm } from '../../core/contracts/ecm.ts';
import { disciplineOf, listProfessions, readEcmProfile, saveEcmProfile } from '../data/ecm/profile.ts';
import { ecmMessage } from './messages.ts';
import { isFiscalCodeTaken } from '../data/people/fiscal-code.ts';
import { learnerFiscalCodeMessage, learnerFiscalCodeRefusal } from './learner-fiscal-code.ts';
import { HttpError } from '../http-error.ts';
import { ecmService } from './ecm-service.ts';

/** GET /api/lms/ecm/profile: the learner's registry fields and the commission's lists to choose from. */
export async function getEcmProfile(context: ApiContext): Promise<EcmProfileForm> {
  const { user } = await context.requireSession();
  const [profile, professions] = await Promise.all([
    readEcmProfile(context.env.DB, user.id),
    listProfessions(context.env.DB, context.localeCode, await ecmService(context).defaultLocale()),
  ]);
  return { ...profile, professions };
}

/**
 * PUT /api/lms/ecm/profile: codice fiscale (check character verified, consistent with the
 * account's names and gender, no other account's: 409, also when two accounts save it at once),
 * profession and its discipline.
 */
export async function putEcmProfile(context: ApiContext, { json: body }: { json: z.output<typeof ecmProfileBody> }): Promise<EcmProfile> {
  const { user } = await context.requireSession();
  const refusal = await learnerFiscalCodeRefusal(context.env, user.id, body.fiscalCode);
  if (refusal) {
    const { status, message } = learnerFiscalCodeMessage(refusal, context.language);
    throw new HttpError(status, message);
  }
  const professions = await listProfessions(context.env.DB, context.localeCode, await ecmService(context).defaultLocale());
  if (!professions.some((profession) => profession.id === body.professionId)) {
    throw new HttpError(400, ecmMessage('professionUnknown', context.language, { id: body.professionId }));
  }
  if (!(await disciplineOf(context.env.DB, body.professionId, body.disciplineId))) throw new HttpError(400, ecmMessage('disciplineMismatch', context.language));
  try {
    await saveEcmProfile(context.env.DB, user.id, body, context.now);
  } catch (error) {
    // Saved meanwhile by another account: the unique index decided, this one is told as above.
    if (isFiscalCodeTaken(error)) throw new HttpError(409, learnerFiscalCodeMessage('taken', context.language).message);
    throw error;
  }
  return readEcmProfile(context.env.DB, user.id);
}
