import { genderCode, type GenderName } from '../../core/user-fields.ts';
import type { User } from '../../core/user.ts';
import { updateUser } from '../data/auth/users.ts';
import { requestEmailChange, type EmailChangeContext, type EmailChangeRequest } from './email-change.ts';

/** A user's own data as the profile's form and `PUT /api/auth/user` send it: a field left undefined keeps its value. */
export interface ProfileChanges {
  firstName?: string;
  lastName?: string;
  email?: string | null;
  phone?: string | null;
  locale?: string;
  gender?: GenderName | 'm' | 'f' | 'n';
}

/**
 * Saves what a user changed of their own data, for the API and the form alike. Every field is
 * written at once except the address, which belongs to one account and changes only when the new
 * address's link is followed (functions/auth/email-change.ts).
 */
export async function saveProfile(context: EmailChangeContext, user: User, changes: ProfileChanges): Promise<EmailChangeRequest> {
  const { email, gender, ...rest } = changes;
  // The address first: a refused change (too many) leaves the other fields as they were too.
  const address = email === undefined ? ({ kind: 'unchanged' } as const) : await requestEmailChange(context, user, email);
  if (address.kind === 'refused') return address;
  await updateUser(context.env.DB, user.id, { ...rest, gender: gender && genderCode(gender) }, context.now);
  return address;
}
