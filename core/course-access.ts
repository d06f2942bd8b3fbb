/**
 * Who may open a course. A course is `open` to every signed-in learner (the platform's first
 * behaviour, and every course without a setting), taken `enrolment` by enrolment only (staff enrol
 * people, or a learner types the course key staff handed out), or `closed` to every learner,
 * enrolled or not (their enrolments and records are kept for when it opens again). Editors and
 * testers (`drafts:read`) open every course whatever its mode: they review what learners will see
 * (functions/course-access/entry.ts).
 */
export const COURSE_ACCESS_MODES = ['open', 'enrolment', 'closed'] as const;
export type CourseAccessMode = (typeof COURSE_ACCESS_MODES)[number];

/** How a learner who may not open the course gets in: the course key, asking the provider, or not at all. */
export type CourseWayIn = 'key' | 'ask' | 'closed';

export type CourseEntry = { allowed: true } | { allowed: false; wayIn: CourseWayIn };

export interface CourseEntryFacts {
  mode: CourseAccessMode;
  /** The course has a key a learner can type to enrol. */
  hasKey: boolean;
  enrolled: boolean;
}

export function courseEntry({ mode, hasKey, enrolled }: CourseEntryFacts): CourseEntry {
  if (mode === 'open') return { allowed: true };
  if (mode === 'closed') return { allowed: false, wayIn: 'closed' };
  if (enrolled) return { allowed: true };
  return { allowed: false, wayIn: hasKey ? 'key' : 'ask' };
}
