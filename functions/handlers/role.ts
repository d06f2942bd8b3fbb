import type { z } from 'zod';
import type { ApiContext } from '../api-context.ts';
import type { Role, roleParams } from '../../core/contracts/role.ts';

export type { Role };
import { HttpError } from '../http-error.ts';
import { message } from '../messages.ts';

export async function getRole(context: ApiContext, { param: { roleId: id } }: { param: z.output<typeof roleParams> }): Promise<Role> {
  await context.requireSession();
  const row = await context.env.DB.prepare('SELECT id, name, mode, permissions FROM role WHERE id = ?')
    .bind(id)
    .first<{ id: string; name: string; mode: Role['mode']; permissions: string }>();
  if (!row) throw new HttpError(404, message('roleNotFound', context.language, { id: id.slice(0, 64) }));
  return { _id: row.id, name: row.name, mode: row.mode, permissions: JSON.parse(row.permissions) as string[] };
}
