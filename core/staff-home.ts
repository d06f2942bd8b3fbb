import type { Permission } from './permissions.ts';

/** The staff area's first section a user may open (`/{locale}/staff/{section}`), or null for someone with none. */
export function staffHome(granted: ReadonlySet<Permission>): 'people' | 'support' | null {
  if (granted.has('people:manage')) return 'people';
  if (granted.has('support:read')) return 'support';
  return null;
}
