import type { z } from 'zod';
import type {
  csvBody,
  EnrolmentCsvReport,
  importQuery,
  ImportReport,
  newPersonBody,
  PersonDetail,
  personEditBody,
  personParams,
  registrationSetting,
  RegistrationSetting,
  staffCourseParams,
} from '../../core/contracts/people.ts';
import type { invitationAcceptRequest } from '../../core/contracts/password.ts';
import type { ApiContext } from '../api-context.ts';
import { HttpError } from '../http-error.ts';
import { readCsvBytes } from './csv-file.ts';
import { enrolFromCsv } from './enrolments.ts';
import { acceptInvitationLink, createPerson, resendConfirmation, resendInvitation, sendPasswordReset } from './invitations.ts';
import { importPeople, type StaffMailContext } from './people-import.ts';
import { editPerson } from './person-edit.ts';
import { registrationSettingOf, setRegistrationMode } from './registration-setting.ts';
import { staffActor } from './staff-actor.ts';

type PersonInput = { param: z.output<typeof personParams> };
type Bytes = { bytes: z.output<typeof csvBody> };

/** What a staff call that may send e-mail acts with: the staff member, the caller's language, the site's origin as called. */
async function mailContext(context: ApiContext): Promise<StaffMailContext> {
  return { env: context.env, actor: await staffActor(context), language: context.language, now: context.now, origin: context.url.origin };
}

/** POST /api/staff/people: one invited account (201 semantics, answered 200 with the person). */
export async function postPerson(context: ApiContext, { json }: { json: z.output<typeof newPersonBody> }): Promise<PersonDetail> {
  return createPerson(await mailContext(context), json);
}

/** POST /api/staff/people/import: a CSV file of people, a dry run or the import itself. */
export async function postPeopleImport(context: ApiContext, { query, bytes }: { query: z.output<typeof importQuery> } & Bytes): Promise<ImportReport> {
  const file = await readCsvBytes(bytes.stream, context.language);
  return importPeople(await mailContext(context), file, { dryRun: query.dryRun, duplicates: query.duplicates, courseId: query.course ?? null });
}

export async function postInvitation(context: ApiContext, { param }: PersonInput): Promise<{ sent: true }> {
  await resendInvitation(await mailContext(context), param.userId);
  return { sent: true };
}

export async function postPersonPasswordReset(context: ApiContext, { param }: PersonInput): Promise<{ sent: true }> {
  await sendPasswordReset(await mailContext(context), param.userId);
  return { sent: true };
}

/** POST /api/staff/people/{userId}/confirmation: a further confirmation link for a pending registration. */
export async function postPersonConfirmation(context: ApiContext, { param }: PersonInput): Promise<{ sent: true }> {
  await resendConfirmation(await mailContext(context), param.userId);
  return { sent: true };
}

/** POST /api/staff/courses/{id}/enrolments.csv: user codes or e-mails, one per row, enrolled whole or not at all. */
export async function postEnrolmentsCsv(
  context: ApiContext,
  { param, bytes }: { param: z.output<typeof staffCourseParams> } & Bytes,
): Promise<EnrolmentCsvReport> {
  return enrolFromCsv(await mailContext(context), param.courseId, await readCsvBytes(bytes.stream, context.language));
}

export async function getRegistrationSetting(context: ApiContext): Promise<RegistrationSetting> {
  return registrationSettingOf(context.env, context.siteId);
}

export async function putRegistrationSetting(context: ApiContext, { json }: { json: z.output<typeof registrationSetting> }): Promise<RegistrationSetting> {
  return setRegistrationMode(context.env, await staffActor(context), json.mode, context.now);
}

/** POST /api/auth/invitation: the invited person's password; the account becomes active. */
export async function postInvitationAccept(context: ApiContext, { json }: { json: z.output<typeof invitationAcceptRequest> }): Promise<{ accepted: true }> {
  const result = await acceptInvitationLink(context, json);
  if (result.kind === 'refused') throw new HttpError(400, result.message);
  return { accepted: true };
}

/** PUT /api/staff/people/{id}: names and language at once, a new address through its link (functions/people/person-edit.ts). */
export async function putPerson(
  context: ApiContext,
  { param, json }: { param: z.output<typeof personParams>; json: z.output<typeof personEditBody> },
): Promise<PersonDetail> {
  return (await editPerson(await mailContext(context), param.userId, json)).person;
}
