/**
 * Who may see which on-demand page: the pages' counterpart of the API's `auth` in
 * core/api-routes.ts, read by the page middleware (src/middleware.ts). A page no rule names is
 * open to everyone; a rule names who may see it and what everyone else gets:
 *
 * - `visitor`: where a visitor (not signed in) goes: `home` (`/`), `sign-in` (the sign-in page,
 *   then back to this exact address) or `not-found` (the 404 of a page that does not exist);
 * - `permission`: the one a signed-in user needs; without it the page is a 404, as if it did not
 *   exist (nothing tells a learner the staff area is there).
 *
 * Patterns are the path after the locale, segment by segment: a name, `*` (one segment) or a final
 * `**` (one or more segments, or none). The first rule that matches decides.
 */
import { isLocaleCode, pathSegments } from './locale.ts';
import type { Permission } from './permissions.ts';
import { signInPath } from './return-path.ts';

export type VisitorAnswer = 'home' | 'sign-in' | 'not-found';

export interface PageRule {
  pattern: string;
  visitor: VisitorAnswer;
  permission?: Permission;
}

export const PAGE_RULES: readonly PageRule[] = [
  // The profile: the platform's rule sends a visitor home.
  { pattern: 'profile/**', visitor: 'home' },
  // The staff area's own address: a signed-in user goes on to the first section they may open
  // (src/pages/[locale]/staff/index.astro), anyone else gets its 404.
  { pattern: 'staff', visitor: 'sign-in' },
  // The staff area, from a bookmark or a colleague's link: sign in, then that exact page.
  { pattern: 'staff/support/**', visitor: 'sign-in', permission: 'support:read' },
  // A course's editing screen: for those who edit content, not for every staff member.
  { pattern: 'staff/courses/*/edit', visitor: 'sign-in', permission: 'content:edit' },
  { pattern: 'staff/**', visitor: 'sign-in', permission: 'people:manage' },
  // The ECM inspection, for the accrediting body's inspector and the staff.
  { pattern: 'ispezione-ecm/**', visitor: 'sign-in', permission: 'ecm:audit' },
  // A course's session and its ECM page (assessment, questionnaire, certificate): someone following a
  // link to a lesson signs in and comes back to it. A course's own page (`course/{id}`, also
  // `course/ecm` of a course whose id is 'ecm') has a visitor's version: its public summary.
  { pattern: 'course/session/**', visitor: 'sign-in' },
  { pattern: 'course/ecm/*', visitor: 'sign-in' },
  // Testers' page (no locale): everyone else gets a 404, visitors too.
  { pattern: 'test/**', visitor: 'not-found', permission: 'test:read' },
];

function matches(pattern: string, segments: readonly string[]): boolean {
  const parts = pattern.split('/');
  for (const [index, part] of parts.entries()) {
    if (part === '**') return index === parts.length - 1;
    const segment = segments[index];
    if (segment === undefined || (part !== '*' && part !== segment)) return false;
  }
  return segments.length === parts.length;
}

/** The rule of a page's path (with or without its locale), or null for a page open to everyone. */
export function pageRuleFor(pathname: string, rules: readonly PageRule[] = PAGE_RULES): PageRule | null {
  const segments = pathSegments(pathname);
  const rest = isLocaleCode(segments[0]) ? segments.slice(1) : segments;
  return rules.find((rule) => matches(rule.pattern, rest)) ?? null;
}

/** Where a visitor is sent from the page (decided before the locale prefix, from the path alone), or null: the page, or its 404. */
export function visitorTarget(rule: PageRule | null, address: string): string | null {
  if (rule?.visitor === 'home') return '/';
  if (rule?.visitor === 'sign-in') return signInPath(address);
  return null;
}

/**
 * Whether the page answers this reader with the 404 of a page that does not exist: a visitor where
 * the rule says so (`granted` null), a signed-in user without the rule's permission.
 */
export function pageHidden(rule: PageRule | null, granted: ReadonlySet<Permission> | null): boolean {
  if (!rule) return false;
  if (granted === null) return rule.visitor === 'not-found';
  return rule.permission !== undefined && !granted.has(rule.permission);
}
