import type { CourseCard } from '../../functions/data/lms/courses.ts';
import { breadcrumbs, course, courseList, organization, type CourseItem, type JsonLd, type Publisher } from './json-ld.ts';
import type { PageContext } from './page-context.ts';
import { coursePath } from '../../core/course-path.ts';

/** The site as publisher of a page in its locale: name, home page and logo, as absolute addresses. */
export function publisher(page: PageContext, origin: URL): Publisher {
  return { name: page.siteName, url: new URL(`/${page.locale}`, origin).href, logo: new URL(`/logo/${page.site.logo}`, origin).href };
}

export function organizationLd(page: PageContext, origin: URL): JsonLd {
  return organization(publisher(page, origin));
}

/** A course as the catalogue links it: its page in the page's locale. */
function courseItem(page: PageContext, origin: URL, course: CourseCard): CourseItem {
  return { url: new URL(coursePath(page.locale, course.id), origin).href, name: course.title, description: course.summary, ecmCredits: course.ecmCredits };
}

export function courseListLd(page: PageContext, origin: URL, courses: readonly CourseCard[]): JsonLd {
  return courseList(
    courses.map((course) => courseItem(page, origin, course)),
    publisher(page, origin),
    page.locale,
  );
}

export function courseLd(page: PageContext, origin: URL, card: CourseCard): JsonLd {
  return course(courseItem(page, origin, card), publisher(page, origin), page.locale);
}

export function breadcrumbLd(origin: URL, trail: readonly { name: string; href: string }[]): JsonLd {
  return breadcrumbs(trail.map((crumb) => ({ name: crumb.name, url: new URL(crumb.href, origin).href })));
}
