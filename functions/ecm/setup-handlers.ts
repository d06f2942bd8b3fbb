import { PDFDocument } from 'pdf-lib';
import type { z } from 'zod';
import type {
  EcmCourseSetup,
  EcmEdition,
  ecmCourseParams,
  editionBody,
  editionParams,
  ecmEventBody,
  EcmSettings,
  ecmSettingsBody,
} from '../../core/contracts/ecm.ts';
import { MAX_SIGNATURE_BYTES } from '../../core/ecm/signature.ts';
import { creditsText, creditTenths } from '../../core/ecm/credits.ts';
import { daySpan, editionDatesProblem, editionsOverlap, isCalendarDay, MAX_EDITION_DAYS, reportDeadline, reportState } from '../../core/ecm/edition-rules.ts';
import { trienniumOf } from '../../core/ecm/triennium.ts';
import { romeDayHour } from '../../core/rome-time.ts';
import type { ApiContext } from '../api-context.ts';
import { findCourseEvent, findEcmSettings, saveEcmEvent, saveEcmSettings } from '../data/ecm/courses.ts';
import { knownDisciplines, listEditions, listObjectives, listRecruits, objectiveExists, saveEdition, type Edition } from '../data/ecm/editions.ts';
import { fileTooLarge } from '../file-limit.ts';
import { HttpError } from '../http-error.ts';
import { isValidFiscalCode } from '../../core/fiscal-code.ts';
import { ecmMessage } from './messages.ts';

/** The course of the path, with its credits and event: 404 for a course the site does not have, or one without credits. */
async function courseWithCredits(context: ApiContext, courseId: string) {
  const found = await findCourseEvent(context.env.DB, context.siteId, courseId);
  if (!found || found.credits === null) throw new HttpError(404, ecmMessage('notEcm', context.language, { id: courseId }));
  return found;
}

async function editionView(context: ApiContext, edition: Edition, today: string): Promise<EcmEdition> {
  const recruits = await listRecruits(context.env.DB, edition.courseId, edition.number);
  return {
    number: edition.number,
    startsOn: edition.startsOn,
    endsOn: edition.endsOn,
    hours: edition.hours,
    credits: creditsText(edition.creditTenths),
    objectiveId: edition.objectiveId,
    tipologia: edition.tipologia,
    eventType: edition.eventType,
    disciplines: edition.disciplines,
    recruits,
    reportDeadline: reportDeadline(edition.endsOn),
    reportState: reportState(edition, today),
  };
}

/** GET /api/cms/ecm/{courseId}/editions: the course's ECM event and editions, each with its report deadline. */
export async function getEcmCourseSetup(context: ApiContext, { param }: { param: z.output<typeof ecmCourseParams> }): Promise<EcmCourseSetup> {
  const course = await courseWithCredits(context, param.courseId);
  const today = romeDayHour(context.now).day;
  const editions = await listEditions(context.env.DB, param.courseId);
  return {
    courseId: param.courseId,
    credits: course.credits,
    event: course.event,
    editions: await Promise.all(editions.map((edition) => editionView(context, edition, today))),
  };
}

/** PUT /api/cms/ecm/{courseId}/event: the accredited event id of a course with credits (a new course gets its event here). */
export async function putEcmEvent(
  context: ApiContext,
  { param, json }: { param: z.output<typeof ecmCourseParams>; json: z.output<typeof ecmEventBody> },
): Promise<EcmCourseSetup> {
  await courseWithCredits(context, param.courseId);
  await saveEcmEvent(context.env.DB, param.courseId, json.eventId, json.mode);
  return getEcmCourseSetup(context, { param });
}

/** Refuses, with the rule it breaks, an edition the registry would not accept. */
async function checkEdition(context: ApiContext, courseId: string, number: number, body: z.output<typeof editionBody>): Promise<number> {
  const { language } = context;
  for (const day of [body.startsOn, body.endsOn]) if (!isCalendarDay(day)) throw new HttpError(400, ecmMessage('editionDay', language, { day }));
  const problem = editionDatesProblem(body.startsOn, body.endsOn);
  if (problem === 'order') throw new HttpError(400, ecmMessage('editionOrder', language));
  if (problem === 'tooLong') {
    throw new HttpError(400, ecmMessage('editionTooLong', language, { max: MAX_EDITION_DAYS, days: daySpan(body.startsOn, body.endsOn) }));
  }
  if (problem === 'triennium') {
    const triennium = trienniumOf(Date.parse(`${body.startsOn}T12:00:00Z`));
    throw new HttpError(400, ecmMessage('editionTriennium', language, { from: triennium.from, to: triennium.to }));
  }
  const tenths = creditTenths(body.credits);
  if (tenths === null || tenths === 0) throw new HttpError(400, ecmMessage('creditsPattern', language, { credits: body.credits }));
  if (!(await objectiveExists(context.env.DB, body.objectiveId))) throw new HttpError(400, ecmMessage('objectiveUnknown', language, { id: body.objectiveId }));
  const codes = [...new Set(body.disciplines)];
  const known = await knownDisciplines(context.env.DB, codes);
  const unknown = codes.filter((code) => !known.has(code));
  if (unknown.length) throw new HttpError(400, ecmMessage('disciplineUnknown', language, { codes: unknown.join(', ') }));
  const badRecruit = body.recruits.find((recruit) => !isValidFiscalCode(recruit.fiscalCode));
  if (badRecruit) throw new HttpError(400, ecmMessage('recruitFiscalCode', language, { code: badRecruit.fiscalCode }));
  const other = (await listEditions(context.env.DB, courseId)).find((edition) => edition.number !== number && editionsOverlap(edition, body));
  if (other) throw new HttpError(409, ecmMessage('editionOverlap', language, { edition: other.number, from: other.startsOn, to: other.endsOn }));
  return tenths;
}

/** PUT /api/cms/ecm/{courseId}/editions/{number}: creates or changes an edition (all its fields, its disciplines and recruits). */
export async function putEdition(
  context: ApiContext,
  { param, json }: { param: z.output<typeof editionParams>; json: z.output<typeof editionBody> },
): Promise<EcmCourseSetup> {
  const course = await courseWithCredits(context, param.courseId);
  if (!course.event) throw new HttpError(409, ecmMessage('notEcm', context.language, { id: param.courseId }));
  const tenths = await checkEdition(context, param.courseId, param.number, json);
  const recruits = [...new Map(json.recruits.map((recruit) => [recruit.fiscalCode, recruit])).values()];
  await saveEdition(
    context.env.DB,
    {
      courseId: param.courseId,
      number: param.number,
      startsOn: json.startsOn,
      endsOn: json.endsOn,
      hours: json.hours,
      creditTenths: tenths,
      objectiveId: json.objectiveId,
      tipologia: json.tipologia,
      eventType: json.eventType,
      disciplines: [...new Set(json.disciplines)],
    },
    recruits,
  );
  return getEcmCourseSetup(context, { param });
}

/** GET /api/cms/ecm/settings: the provider, the time rule and the national training objectives. */
export async function getEcmSettings(context: ApiContext): Promise<EcmSettings> {
  const [settings, objectives] = await Promise.all([findEcmSettings(context.env.DB, context.siteId), listObjectives(context.env.DB)]);
  return {
    configured: settings !== null,
    providerId: settings?.providerId ?? '',
    providerName: settings?.providerName ?? '',
    accreditationCode: settings?.accreditationCode ?? '',
    legalRepresentative: settings?.legalRepresentative ?? '',
    minTimeShare: settings?.minTimeShare ?? null,
    hasSignature: settings?.hasSignature ?? false,
    objectives,
  };
}

/**
 * The signature's bytes, refused unless they are the image the body says, whole: the certificate
 * embeds it with pdf-lib, so pdf-lib must read it now rather than fail on every certificate later.
 */
async function decodeSignature(
  context: ApiContext,
  signature: NonNullable<z.output<typeof ecmSettingsBody>['signature']>,
): Promise<{ bytes: Uint8Array; type: string }> {
  const refused = () => new HttpError(400, ecmMessage('signatureImage', context.language));
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(signature.base64), (char) => char.charCodeAt(0));
  } catch {
    throw refused();
  }
  if (bytes.length > MAX_SIGNATURE_BYTES) throw fileTooLarge(MAX_SIGNATURE_BYTES, context.language);
  try {
    const pdf = await PDFDocument.create();
    await (signature.type === 'image/png' ? pdf.embedPng(bytes) : pdf.embedJpg(bytes));
  } catch {
    throw refused();
  }
  return { bytes, type: signature.type };
}

/** PUT /api/cms/ecm/settings: the provider (id, name, accreditation code, legal representative, signature) and the time rule. */
export async function putEcmSettings(context: ApiContext, { json }: { json: z.output<typeof ecmSettingsBody> }): Promise<EcmSettings> {
  const signature = json.signature ? await decodeSignature(context, json.signature) : null;
  await saveEcmSettings(
    context.env.DB,
    context.siteId,
    {
      providerId: json.providerId,
      providerName: json.providerName,
      accreditationCode: json.accreditationCode,
      legalRepresentative: json.legalRepresentative,
      minTimeShare: json.minTimeShare,
    },
    signature,
  );
  return getEcmSettings(context);
}
