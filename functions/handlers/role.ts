import type { z } from 'zod';
import type { ApiContext } from '../api-context.ts';
import type { Role, roleParams } from '../../core/contracts/role.ts';
import { findRole } from '../data/roles.ts';
import { HttpError } from '../http-error.ts';
import { message } from '../messages.ts';

export type { Role };

export async function getRole(context: ApiContext, { param: { roleId: id } }: { param: z.output<typeof roleParams> }): Promise<Role> {
  await context.requireSession();
  const role = await findRole(context.env.DB, id);
  if (!role) throw new HttpError(404, message('roleNotFound', context.language, { id: id.slice(0, 64) }));
  return role;
}
