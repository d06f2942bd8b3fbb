import { z } from 'zod';

export const roleParams = z.object({ roleId: z.string() });

export const role = z.object({
  _id: z.string(),
  name: z.string(),
  mode: z.enum(['user', 'admin', 'tester']),
  permissions: z.array(z.string()),
});
export type Role = z.infer<typeof role>;
