import { env } from 'cloudflare:workers';
import type { D1Result } from '@cloudflare/workers-types';
import type { SessionRider } from '../../functions/auth/session.ts';
import { coursePageBatch, type ReadAhead } from '../../functions/data/lms/course-page.ts';
import { keptPageContext } from './page-context.ts';

/** The course page's address (src/pages/[locale]/course/[...id].astro): its locale and course. */
const COURSE_PAGE = /^\/([^/]+)\/course\/([^/]+)/;

/**
 * The signed-in course page's reads, sent with the session's read (functions/auth/session.ts):
 * one D1 round trip for the page instead of two. Only for a GET of a course page, and only once
 * this Worker holds the site's id and default language (any earlier page's context): the page uses
 * the results when they were read for exactly its own arguments, and reads for itself otherwise.
 */
export function coursePageRider(method: string, pathname: string, locale: string): { rider: SessionRider; ridden: (results: D1Result[]) => ReadAhead } | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  const match = COURSE_PAGE.exec(pathname);
  const site = keptPageContext(locale)?.site;
  if (!match || match[1] !== locale || !site) return null;
  let courseId: string;
  try {
    courseId = decodeURIComponent(match[2] ?? '');
  } catch {
    return null;
  }
  let key = '';
  return {
    rider: (userId) => {
      const batch = coursePageBatch(env.DB, site._id, courseId, locale, site.defaultLocale, userId);
      key = batch.key;
      return batch.statements;
    },
    ridden: (results) => ({ key, results }),
  };
}
