import type { z } from 'zod';
import type { auditFileParams, participantsQuery } from '../../core/contracts/ecm.ts';
import type { ApiContext } from '../api-context.ts';
import { readLearnerRecords } from '../data/ecm/inspection.ts';
import { readSatisfactionTotals } from '../data/ecm/satisfaction-totals.ts';
import { findStrings } from '../data/site/sites.ts';
import { findCourse } from '../data/lms/courses.ts';
import { ecmService } from './ecm-service.ts';
import { findEdition } from '../data/ecm/editions.ts';
import { HttpError } from '../http-error.ts';
import { ecmMessage } from './messages.ts';
import { groupWindow, learnerRecordsCsv, learnerRecordsPdf, recordsGroup } from './learner-records.ts';
import { satisfactionTotalsCsv } from './satisfaction-report.ts';
import { csvSeparatorFor } from '../../core/csv-document.ts';

/**
 * GET /api/audit/ecm/{courseId}/{records.csv|records.pdf|questionnaire.csv}[?edition=N]: what an
 * inspector and the staff check of an ECM course, for one edition or all of them: every learner's
 * records, and the questionnaire's anonymous totals.
 */
export async function getAuditFile(
  context: ApiContext,
  { param, query }: { param: z.output<typeof auditFileParams>; query: z.output<typeof participantsQuery> },
): Promise<Response> {
  const ecm = ecmService(context);
  const course = await ecm.course(param.courseId);
  // The inspection is Italian, as the registry: titles and labels in the site's default language.
  const locale = await ecm.defaultLocale();
  const { DB } = context.env;
  const edition = query.edition === undefined ? null : await findEdition(DB, course.courseId, query.edition);
  if (query.edition !== undefined && !edition) {
    throw new HttpError(404, ecmMessage('editionNotFound', context.language, { id: course.courseId, edition: query.edition }));
  }
  const group = recordsGroup(course, edition && { number: edition.number, startsOn: edition.startsOn, endsOn: edition.endsOn });
  const span = groupWindow(group);
  const [name, format] = param.file.split('.') as [string, 'csv' | 'pdf'];
  let body: string | Uint8Array<ArrayBuffer>;
  if (name === 'questionnaire') {
    const [totals, strings] = await Promise.all([
      readSatisfactionTotals(DB, context.siteId, group.courseId, span.edition),
      findStrings(DB, context.siteId, locale),
    ]);
    body = satisfactionTotalsCsv(totals, (key) => strings[key] ?? key, csvSeparatorFor(context.localeCode));
  } else {
    const [detail, records] = await Promise.all([
      findCourse(DB, context.siteId, group.courseId, locale, locale, null),
      readLearnerRecords(DB, context.siteId, group.courseId, locale, locale, span),
    ]);
    body =
      format === 'csv'
        ? learnerRecordsCsv(records, csvSeparatorFor(context.localeCode))
        : new Uint8Array(await learnerRecordsPdf(detail?.title ?? course.courseId, group, records, context.now));
  }
  const filename =
    `${name === 'questionnaire' ? 'questionario' : 'registro'}-${group.eventId}${group.edition ? `-${group.edition.number}` : ''}.${format}`.replace(
      /[^A-Za-z0-9._-]/g,
      '_',
    );
  return new Response(body, {
    headers: {
      'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'private, no-store',
    },
  });
}
