import type { z } from 'zod';
import { isReservedPageKey } from '../../core/cms-document.ts';
import type { LinkTargets, linkTargetsQuery } from '../../core/contracts/cms.ts';
import { coursePath, sessionPath } from '../../core/course-path.ts';
import { sitePagePath } from '../../core/page-path.ts';
import type { ApiContext } from '../api-context.ts';
import { readLinkTargets } from '../data/cms/link-targets.ts';
import { supportedLocale } from './supported-locale.ts';

/** The pages and sessions a lesson written in `locale` may link to, for the editor's list (`GET /api/cms/link-targets`). */
export async function getLinkTargets(context: ApiContext, { query: { locale } }: { query: z.output<typeof linkTargetsQuery> }): Promise<LinkTargets> {
  const defaultLocale = await supportedLocale(context, locale);
  const { pages, sessions } = await readLinkTargets(context.env.DB, context.siteId, locale, defaultLocale);
  const courses = new Map<string, LinkTargets['courses'][number]>();
  for (const session of sessions) {
    const course = courses.get(session.course_id) ?? { title: session.course_title, href: coursePath(locale, session.course_id), sessions: [] };
    course.sessions.push({
      title: session.title || `${session.module_number}.${session.number}`,
      href: sessionPath(locale, session.course_id, { moduleNumber: session.module_number, number: session.number }),
    });
    courses.set(session.course_id, course);
  }
  // A page whose key a route takes is never shown at its address (core/reserved-paths.ts): not offered either.
  const shown = pages.filter((page) => !isReservedPageKey(page.kind, page.slug));
  return { pages: shown.map((page) => ({ title: page.title, href: sitePagePath(locale, page.kind, page.slug) })), courses: [...courses.values()] };
}
