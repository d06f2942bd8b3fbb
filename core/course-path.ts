/** A course's page: `/{locale}/course/{courseId}`. */
export function coursePath(locale: string, courseId: string): string {
  return `/${locale}/course/${courseId}`;
}

/** The pages under `/{locale}/course/` that are not a course's own (src/pages/[locale]/course/). */
const NOT_A_COURSE = new Set(['session', 'ecm']);

/**
 * The course whose page `pathname` is, in `locale` (coursePath's inverse, decoded as Astro decodes a
 * page's parameters), or null for any other address, a session's or an ECM step's among them.
 */
export function courseIdOfPath(pathname: string, locale: string): string | null {
  const [, pathLocale, section, first] = pathname.split('/');
  if (pathLocale !== locale || section !== 'course' || !first || NOT_A_COURSE.has(first)) return null;
  try {
    return decodeURI(first);
  } catch {
    return null;
  }
}

/** A session's page: `/{locale}/course/session/{courseId}/{module}/{session}`, built in one place for pages, islands and links. */
export function sessionPath(locale: string, courseId: string, session: { moduleNumber: number; number: number }): string {
  return `/${locale}/course/session/${courseId}/${session.moduleNumber}/${session.number}`;
}

/** A session's number in its path: what the route accepts, a positive whole number. */
const SESSION_NUMBER = /^[1-9]\d{0,8}$/;

/**
 * The session whose page `pathname` is, in `locale` (sessionPath's inverse, the course decoded as
 * Astro decodes a page's parameters), or null for any other address.
 */
export function sessionOfPath(pathname: string, locale: string): { courseId: string; moduleNumber: number; number: number } | null {
  const [, pathLocale, section, kind, course, moduleText = '', numberText = '', ...rest] = pathname.split('/');
  if (pathLocale !== locale || section !== 'course' || kind !== 'session' || !course || rest.some((part) => part !== '')) return null;
  if (!SESSION_NUMBER.test(moduleText) || !SESSION_NUMBER.test(numberText)) return null;
  try {
    return { courseId: decodeURI(course), moduleNumber: Number(moduleText), number: Number(numberText) };
  } catch {
    return null;
  }
}

/** A course's editing screen, for editors: `/{locale}/staff/courses/{courseId}/edit`. */
export function courseEditorPath(locale: string, courseId: string): string {
  return `/${locale}/staff/courses/${courseId}/edit`;
}
