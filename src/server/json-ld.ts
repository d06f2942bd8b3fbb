/**
 * schema.org structured data (JSON-LD) for the public pages: the organization on the home page,
 * the course lists of the catalogue, a course's public summary, breadcrumb trails. Plain objects; SeoMeta.astro writes them.
 * Addresses are absolute, from the site's public origin (PUBLIC_SITE_URL).
 */
export type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';

export interface Publisher {
  /** The site's name in the page's language. */
  name: string;
  /** The home page of the site in the page's language. */
  url: string;
  /** Absolute address of the logo. */
  logo: string;
}

export function organization(publisher: Publisher): JsonLd {
  return { '@context': CONTEXT, '@type': 'Organization', name: publisher.name, url: publisher.url, logo: publisher.logo };
}

export interface CourseItem {
  url: string;
  name: string;
  description: string;
  /** ECM (continuing medical education) credits, or null for a course without them. */
  ecmCredits: number | null;
}

/** A course with its provider, language and ECM credits. */
function courseNode(course: CourseItem, publisher: Publisher, inLanguage: string): JsonLd {
  return {
    '@type': 'Course',
    url: course.url,
    name: course.name,
    description: course.description,
    inLanguage,
    provider: { '@type': 'Organization', name: publisher.name, url: publisher.url },
    // Credits may be fractional (10.5): a quantity with its unit, as schema.org allows.
    ...(course.ecmCredits === null ? {} : { numberOfCredits: { '@type': 'QuantitativeValue', value: course.ecmCredits, unitText: 'ECM' } }),
  };
}

/** The catalogue's courses in the order shown. */
export function courseList(courses: readonly CourseItem[], publisher: Publisher, inLanguage: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    numberOfItems: courses.length,
    itemListElement: courses.map((course, index) => ({ '@type': 'ListItem', position: index + 1, item: courseNode(course, publisher, inLanguage) })),
  };
}

/** One course, on its public summary page. */
export function course(item: CourseItem, publisher: Publisher, inLanguage: string): JsonLd {
  return { '@context': CONTEXT, ...courseNode(item, publisher, inLanguage) };
}

/** A trail from the home page to the current page; the last crumb is the page itself. */
export function breadcrumbs(trail: readonly { name: string; url: string }[]): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: crumb.url })),
  };
}

/** JSON for a `<script type="application/ld+json">`: no `<` may close the element early. */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
