export type RoleMode = 'user' | 'admin' | 'tester';

/** The modes a role may switch between: always user, plus the role's own mode. */
export function availableModes(roleMode: RoleMode): RoleMode[] {
  return roleMode === 'user' ? ['user'] : ['user', roleMode];
}
