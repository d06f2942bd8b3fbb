import type { z } from 'zod';
import type { participantsParams, participantsQuery } from '../../core/contracts/ecm.ts';
import { romeDayHour } from '../../core/rome-time.ts';
import { latin1Bytes } from '../../core/ecm/registry-name.ts';
import type { ApiContext } from '../api-context.ts';
import { findEcmSettings } from '../data/ecm/courses.ts';
import { findEdition, listEditions, markReported, type Edition } from '../data/ecm/editions.ts';
import { listParticipants } from '../data/ecm/records.ts';
import { ecmMessage } from './messages.ts';
import { participantRows, participantsCsv } from './participants-report.ts';
import { participantsXml, REPORT_ENCODING } from './participants-xml.ts';
import { HttpError } from '../http-error.ts';
import { ecmService } from './ecm-service.ts';
import { csvSeparatorFor } from '../../core/csv-document.ts';

/** The edition open today, else the latest one that has started, else the first one planned. */
function currentEdition(editions: Edition[], today: string): Edition | undefined {
  const started = editions.filter((edition) => edition.startsOn <= today);
  return started.find((edition) => edition.endsOn >= today) ?? started.at(-1) ?? editions[0];
}

/**
 * GET /api/cms/ecm/{courseId}/participants.{csv|xml}[?edition=N]: the participants who earned
 * credits in one edition (the current one without `edition`), for the provider's report. The XML
 * is the registry's event record in ISO-8859-1; taking it stops the edition's deadline reminder.
 */
export async function getParticipants(
  context: ApiContext,
  { param, query }: { param: z.output<typeof participantsParams>; query: z.output<typeof participantsQuery> },
): Promise<Response> {
  const kind = param.format;
  const ecm = ecmService(context);
  const course = await ecm.course(param.courseId);
  const { DB } = context.env;
  const { language } = context;
  const edition =
    query.edition === undefined
      ? currentEdition(await listEditions(DB, course.courseId), romeDayHour(context.now).day)
      : await findEdition(DB, course.courseId, query.edition);
  if (!edition) {
    throw new HttpError(
      404,
      query.edition === undefined
        ? ecmMessage('editionNone', language, { id: course.courseId })
        : ecmMessage('editionNotFound', language, { id: course.courseId, edition: query.edition }),
    );
  }
  // The registry is Italian: names in the site's default language.
  const [settings, participants] = await Promise.all([
    findEcmSettings(DB, context.siteId),
    listParticipants(DB, context.siteId, course.courseId, edition.number, await ecm.defaultLocale()),
  ]);
  const rows = participantRows(participants);
  const filename = `partecipanti-${course.eventId}-${edition.number}.${kind}`.replace(/[^A-Za-z0-9._-]/g, '_');
  const headers = { 'content-disposition': `attachment; filename="${filename}"`, 'cache-control': 'private, no-store' };
  if (kind === 'csv')
    return new Response(participantsCsv(rows, csvSeparatorFor(context.localeCode)), { headers: { ...headers, 'content-type': 'text/csv; charset=utf-8' } });

  if (!settings?.accreditationCode) throw new HttpError(409, ecmMessage('reportProvider', language));
  const withoutEmployment = rows.filter((row) => !row.employment).length;
  if (withoutEmployment) throw new HttpError(409, ecmMessage('reportEmployment', language, { count: withoutEmployment }));
  const xml = participantsXml(
    {
      eventId: course.eventId,
      edition: edition.number,
      providerId: settings.providerId,
      accreditationCode: settings.accreditationCode,
      startsOn: edition.startsOn,
      endsOn: edition.endsOn,
      creditTenths: edition.creditTenths,
      hours: edition.hours,
      eventType: edition.eventType,
      objectiveId: edition.objectiveId,
      tipologia: edition.tipologia,
    },
    rows.map((row) => ({ ...row, employment: row.employment ?? '' })),
  );
  if (romeDayHour(context.now).day > edition.endsOn) await markReported(DB, course.courseId, edition.number, context.now);
  return new Response(latin1Bytes(xml), { headers: { ...headers, 'content-type': `application/xml; charset=${REPORT_ENCODING}` } });
}
