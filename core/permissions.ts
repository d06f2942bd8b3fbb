// What each role may do. The seed writes these into the role table; the API checks the table.

export const PERMISSIONS = [
  'course:read',
  'progress:write',
  'profile:write',
  'content:edit',
  'content:publish',
  'drafts:read',
  'test:read',
  'support:read',
  'ecm:report',
  'people:manage',
  'ecm:audit',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const LEARNER: Permission[] = ['course:read', 'progress:write', 'profile:write'];

/**
 * `staff` ("Segreteria") manages people, enrolment and progress reports and answers support
 * requests without touching content: a provider can give the one without the other. `auditor` (the
 * accrediting body's inspector) reads courses, the registry reports, the tracking records and the
 * questionnaire totals, and writes nothing: not even a learner's progress or profile.
 */
export const ROLE_PERMISSIONS: Record<'learner' | 'admin' | 'tester' | 'staff' | 'auditor', Permission[]> = {
  learner: LEARNER,
  admin: [...LEARNER, 'content:edit', 'content:publish', 'drafts:read', 'test:read', 'support:read', 'ecm:report', 'people:manage', 'ecm:audit'],
  tester: [...LEARNER, 'drafts:read', 'test:read'],
  staff: [...LEARNER, 'people:manage', 'ecm:audit', 'support:read'],
  auditor: ['course:read', 'ecm:report', 'ecm:audit'],
};

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}
