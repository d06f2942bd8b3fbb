import type { CourseCard } from '../../functions/data/lms/courses.ts';
import { breadcrumbs, courseList, organization, type JsonLd, type Publisher } from './json-ld.ts';
import type { PageContext } from './page-context.ts';

/** The site as publisher of a page in its locale: name, home page and logo, as absolute addresses. */
export function publisher(page: PageContext, origin: URL): Publisher {
  return { name: page.siteName, url: new URL(`/${page.locale}`, origin).href, logo: new URL(`/logo/${page.site.logo}`, origin).href };
}

export function organizationLd(page: PageContext, origin: URL): JsonLd {
  return organization(publisher(page, origin));
}

export function courseListLd(page: PageContext, origin: URL, courses: readonly CourseCard[]): JsonLd {
  return courseList(
    courses.map((course) => ({
      url: new URL(`/${page.locale}/course/${course.id}`, origin).href,
      name: course.title,
      description: course.summary,
      ecmCredits: course.ecmCredits,
    })),
    publisher(page, origin),
    page.locale,
  );
}

export function breadcrumbLd(origin: URL, trail: readonly { name: string; href: string }[]): JsonLd {
  return breadcrumbs(trail.map((crumb) => ({ name: crumb.name, url: new URL(crumb.href, origin).href })));
}
