import type { ApiContext } from '../api-context.ts';
import { findRole, type Role } from '../data/roles.ts';
import { HttpError } from '../http-error.ts';
import { message } from '../messages.ts';

export async function getRole(context: ApiContext): Promise<Role> {
  await context.requireSession();
  const id = context.params.roleId ?? '';
  const role = await findRole(context.env.DB, id);
  if (!role) throw new HttpError(404, message('roleNotFound', context.language, { id: id.slice(0, 64) }));
  return role;
}
