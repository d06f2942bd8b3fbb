import { env } from 'cloudflare:workers';
import type { D1Result } from '@cloudflare/workers-types';
import type { SessionRider } from '../../functions/auth/session.ts';
import { coursePageBatch, coursePageKey, type ReadAhead } from '../../functions/data/lms/course-page.ts';
import { courseIdOfPath } from '../../core/course-path.ts';
import { keptPageContext } from './page-context.ts';

/**
 * The signed-in course page's reads, sent with the session's read (functions/auth/session.ts): a
 * D1 round trip costs the Worker about 2.5 ms, more than half of what else the page costs. Only for
 * a GET (or HEAD) of a course's page, whose reads cannot change before it renders, and only once
 * this Worker holds the site's id and default language (any earlier page's context): the page uses
 * the results when they were read for exactly its own arguments, and reads for itself otherwise.
 */
export function coursePageRider(
  method: string,
  pathname: string,
  locale: string,
): { rider: SessionRider; readAhead: (results: D1Result[], userId: string) => ReadAhead } | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  const courseId = courseIdOfPath(pathname, locale);
  const site = keptPageContext(locale)?.site;
  if (courseId === null || !site) return null;
  return {
    rider: (userId) => coursePageBatch(env.DB, site._id, courseId, locale, site.defaultLocale, userId).statements,
    readAhead: (results, userId) => ({ key: coursePageKey(site._id, courseId, locale, site.defaultLocale, userId), results }),
  };
}
