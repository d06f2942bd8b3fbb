/** A course's page: `/{locale}/course/{courseId}`. */
export function coursePath(locale: string, courseId: string): string {
  return `/${locale}/course/${courseId}`;
}

/** A session's page: `/{locale}/course/session/{courseId}/{module}/{session}`, built in one place for pages, islands and links. */
export function sessionPath(locale: string, courseId: string, session: { moduleNumber: number; number: number }): string {
  return `/${locale}/course/session/${courseId}/${session.moduleNumber}/${session.number}`;
}

/** A course's editing screen, for editors: `/{locale}/staff/courses/{courseId}/edit`. */
export function courseEditorPath(locale: string, courseId: string): string {
  return `/${locale}/staff/courses/${courseId}/edit`;
}
