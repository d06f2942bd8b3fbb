import { env } from 'cloudflare:workers';
import { listCourses, type CourseCard } from '../../functions/data/lms/courses.ts';
import { listPathCourseIds } from '../../functions/data/lms/path-courses.ts';

/** The course cards of a learning path, in the path's order. */
export async function loadPathCourses(siteId: string, slug: string, locale: string, defaultLocale: string): Promise<CourseCard[]> {
  const ids = await listPathCourseIds(env.DB, siteId, slug);
  const cards = await listCourses(env.DB, siteId, locale, defaultLocale, { ids });
  const byId = new Map(cards.map((card) => [card.id, card]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
