/**
 * A learner's session of a course: whose (site and user), which course, the module's number and
 * the session's number in it. Lists of a course's sessions name one by its last two
 * (`Pick<SessionRef, 'moduleNumber' | 'number'>`).
 */
export interface SessionRef {
  siteId: string;
  userId: string;
  courseId: string;
  moduleNumber: number;
  number: number;
}
