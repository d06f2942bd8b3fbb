import type { z } from 'zod';
import type { ApiContext } from '../api-context.ts';
import type { ecmProfileBody, EcmProfile, EcmProfileForm } from '../../core/contracts/ecm.ts';
import { disciplineOf, listProfessions, readEcmProfile, saveEcmProfile } from '../data/ecm/profile.ts';
import { ecmMessage } from './messages.ts';
import { isValidFiscalCode } from '../../core/fiscal-code.ts';
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

/** PUT /api/lms/ecm/profile: codice fiscale (check character verified), profession and its discipline. */
export async function putEcmProfile(context: ApiContext, { json: body }: { json: z.output<typeof ecmProfileBody> }): Promise<EcmProfile> {
  const { user } = await context.requireSession();
  if (!isValidFiscalCode(body.fiscalCode)) throw new HttpError(400, ecmMessage('fiscalCodeInvalid', context.language));
  const professions = await listProfessions(context.env.DB, context.localeCode, await ecmService(context).defaultLocale());
  if (!professions.some((profession) => profession.id === body.professionId)) {
    throw new HttpError(400, ecmMessage('professionUnknown', context.language, { id: body.professionId }));
  }
  if (!(await disciplineOf(context.env.DB, body.professionId, body.disciplineId))) throw new HttpError(400, ecmMessage('disciplineMismatch', context.language));
  await saveEcmProfile(context.env.DB, user.id, body, context.now);
  return readEcmProfile(context.env.DB, user.id);
}
