import { env } from 'cloudflare:workers';
import type { D1PreparedStatement, D1Result } from '@cloudflare/workers-types';
import type { SessionRider } from '../../functions/auth/session.ts';
import { coursePageBatch, coursePageKey } from '../../functions/data/lms/course-page.ts';
import { sessionPageBatch, sessionPageKey } from '../../functions/data/lms/session-page.ts';
import type { ReadAhead } from '../../functions/data/read-ahead.ts';
import { courseIdOfPath, sessionOfPath } from '../../core/course-path.ts';
import { keptPageContext } from './page-context.ts';

/** A page's reads for a user: the statements that ride, and the key naming what they read. */
interface PageReads {
  statements: (userId: string) => D1PreparedStatement[];
  key: (userId: string) => string;
}

/**
 * The reads of the signed-in pages learners open most, a course's and a session's, sent with the
 * session's read (functions/auth/session.ts): a D1 round trip costs the Worker about 2.5 ms, more
 * than half of what else such a page costs. Only for a GET (or HEAD), whose reads cannot change
 * before the page renders, and only once this Worker holds the site's id and default language (any
 * earlier page's context): the page uses the results when they were read for exactly its own
 * arguments, and reads for itself otherwise.
 */
export function pageRider(
  method: string,
  pathname: string,
  locale: string,
): { rider: SessionRider; readAhead: (results: D1Result[], userId: string) => ReadAhead } | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  const site = keptPageContext(locale)?.site;
  if (!site) return null;
  const reads = pageReadsOf(pathname, locale, site._id, site.defaultLocale);
  if (!reads) return null;
  return {
    rider: reads.statements,
    readAhead: (results, userId) => ({ key: reads.key(userId), results }),
  };
}

function pageReadsOf(pathname: string, locale: string, siteId: string, defaultLocale: string): PageReads | null {
  const courseId = courseIdOfPath(pathname, locale);
  if (courseId !== null) {
    return {
      statements: (userId) => coursePageBatch(env.DB, siteId, courseId, locale, defaultLocale, userId).statements,
      key: (userId) => coursePageKey(siteId, courseId, locale, defaultLocale, userId),
    };
  }
  const session = sessionOfPath(pathname, locale);
  if (session !== null) {
    return {
      statements: (userId) => sessionPageBatch(env.DB, siteId, session, locale, defaultLocale, userId).statements,
      key: (userId) => sessionPageKey(siteId, session, locale, defaultLocale, userId),
    };
  }
  return null;
}
