import type { z } from 'zod';
import type { participantsParams } from '../../core/contracts/ecm.ts';
import type { ApiContext } from '../api-context.ts';
import { findCourse } from '../data/lms/courses.ts';
import { findEcmSettings } from '../data/ecm/courses.ts';
import { listParticipants } from '../data/ecm/records.ts';
import { ecmMessage } from './messages.ts';
import { participantRows, participantsCsv } from './participants-report.ts';
import { participantsXml } from './participants-xml.ts';
import { HttpError } from '../http-error.ts';
import { ecmService } from './ecm-service.ts';

/** GET /api/cms/ecm/{courseId}/participants.{csv|xml}: the certified participants, for the provider's report. */
export async function getParticipants(context: ApiContext, { param }: { param: z.output<typeof participantsParams> }): Promise<Response> {
  const kind = param.format;
  const ecm = ecmService(context);
  const course = await ecm.course(param.courseId);
  const { DB } = context.env;
  // The registry is Italian: names in the site's default language.
  const locale = await ecm.defaultLocale();
  const [settings, detail, certificates] = await Promise.all([
    findEcmSettings(DB, context.siteId),
    findCourse(DB, context.siteId, course.courseId, locale, locale, null),
    listParticipants(DB, context.siteId, course.courseId, locale, locale),
  ]);
  if (!settings) throw new HttpError(503, ecmMessage('providerMissing', context.language));
  const rows = participantRows(certificates);
  const filename = `partecipanti-${course.eventId}-${course.edition}.${kind}`;
  const body =
    kind === 'csv'
      ? participantsCsv(rows)
      : participantsXml(
          {
            providerId: settings.providerId,
            providerName: settings.providerName,
            eventId: course.eventId,
            edition: course.edition,
            courseId: course.courseId,
            courseTitle: detail?.title ?? course.courseId,
            credits: course.credits,
          },
          rows,
        );
  return new Response(body, {
    headers: {
      'content-type': kind === 'csv' ? 'text/csv; charset=utf-8' : 'application/xml; charset=utf-8',
      'content-disposition': `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
      'cache-control': 'private, no-store',
    },
  });
}
