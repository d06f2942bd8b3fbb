import type { z } from 'zod';
import {
  PEOPLE_PAGE_SIZE,
  type fiscalCodeBody,
  type peopleQuery,
  type personParams,
  type PeoplePage,
  type PersonDeletion,
  type PersonDetail,
  type ProgressRow,
} from '../../core/contracts/people.ts';
import type { ApiContext } from '../api-context.ts';
import { findPerson, searchPeople } from '../data/people/people.ts';
import { listPersonCourses } from '../data/people/progress.ts';
import { HttpError } from '../http-error.ts';
import { erasePerson } from './erasure.ts';
import { changeFiscalCode } from './fiscal-code.ts';
import { peopleMessage } from './messages.ts';
import { csvAnswer, progressCsv } from './progress-csv.ts';
import { defaultLocaleOf, staffActor } from './staff-actor.ts';
import { reactivate, suspend } from './suspension.ts';
import { csvSeparatorFor } from '../../core/csv-document.ts';

type PersonInput = { param: z.output<typeof personParams> };

/** GET /api/staff/people: the learners list, searched, filtered and paged. */
export async function getPeople(context: ApiContext, { query }: { query: z.output<typeof peopleQuery> }): Promise<PeoplePage> {
  return searchPeople(context.env.DB, context.siteId, { ...query, pageSize: PEOPLE_PAGE_SIZE });
}

export async function getPerson(context: ApiContext, { param }: PersonInput): Promise<PersonDetail> {
  const person = await findPerson(context.env.DB, context.siteId, param.userId);
  if (!person) throw new HttpError(404, peopleMessage('personNotFound', context.language, { id: param.userId }));
  return person;
}

export async function postSuspension(context: ApiContext, { param }: PersonInput): Promise<PersonDetail> {
  return suspend(context.env.DB, await staffActor(context), param.userId, context.now, context.language);
}

export async function postReactivation(context: ApiContext, { param }: PersonInput): Promise<PersonDetail> {
  return reactivate(context.env.DB, await staffActor(context), param.userId, context.now, context.language);
}

/** DELETE /api/staff/people/{userId}: staff erase a person, keeping what the ECM registry requires. */
export async function deletePerson(context: ApiContext, { param }: PersonInput): Promise<PersonDeletion> {
  await erasePerson(context.env.DB, await staffActor(context), param.userId, context.now, context.language);
  return { id: param.userId, deleted: true };
}

/** PUT /api/staff/people/{userId}/fiscal-code: staff correct a person's codice fiscale. */
export async function putPersonFiscalCode(
  context: ApiContext,
  { param, json }: PersonInput & { json: z.output<typeof fiscalCodeBody> },
): Promise<PersonDetail> {
  return changeFiscalCode({ env: context.env, actor: await staffActor(context), language: context.language, now: context.now }, param.userId, json.fiscalCode);
}

async function personCourses(context: ApiContext, userId: string): Promise<ProgressRow[]> {
  await getPerson(context, { param: { userId } });
  return listPersonCourses(context.env.DB, context.siteId, userId, context.localeCode, await defaultLocaleOf(context));
}

/** GET /api/staff/people/{userId}/courses: where the learner is in each of their courses. */
export async function getPersonCourses(context: ApiContext, { param }: PersonInput): Promise<ProgressRow[]> {
  return personCourses(context, param.userId);
}

export async function getPersonCoursesCsv(context: ApiContext, { param }: PersonInput): Promise<Response> {
  return csvAnswer(progressCsv(await personCourses(context, param.userId), csvSeparatorFor(context.localeCode)), `corsi-${param.userId}.csv`);
}
