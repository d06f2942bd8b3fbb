import type { z } from 'zod';
import type { ApiContext } from '../api-context.ts';
import type { Role, roleParams } from '../../core/contracts/role.ts';
import type { Permission } from '../../core/permissions.ts';
import { findRole } from '../data/auth/roles.ts';
import { HttpError } from '../http-error.ts';
import { authMessage } from './messages.ts';

export type { Role };

/** Who may read a role they do not hold: the staff who answer learners' requests (admins). */
export const READ_ANY_ROLE: Permission = 'support:read';

/**
 * A user reads the roles they hold (the interface loads the first); reading any
 * other takes READ_ANY_ROLE, else a 403 before the role is looked up, so that the answer does not
 * tell a learner which role ids exist.
 */
export async function getRole(context: ApiContext, { param: { roleId: id } }: { param: z.output<typeof roleParams> }): Promise<Role> {
  const session = await context.requireSession();
  if (!session.user.roles.includes(id)) await context.requirePermission(READ_ANY_ROLE);
  const role = await findRole(context.env.DB, id);
  if (!role) throw new HttpError(404, authMessage('roleNotFound', context.language, { id: id.slice(0, 64) }));
  return role;
}
