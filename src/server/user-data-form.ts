import { env } from 'cloudflare:workers';
import type { Permission } from '../../core/permissions.ts';
import { findSite } from '../../functions/data/site/sites.ts';
import type { User } from '../../functions/data/auth/users.ts';
import { saveProfile } from '../../functions/auth/profile-update.ts';
import { userUpdateRequest } from '../../core/contracts/user.ts';
import { GENDER_NAMES, type GenderName } from '../../core/user-fields.ts';
import type { UserForm } from '../lib/user-form.ts';
import { message, type Language } from '../../functions/messages.ts';
import { fieldErrors, type FieldErrors } from './form-errors.ts';
import { formText } from './form-text.ts';

/** The form's fields as typed (what the form shows again after a refusal): the island's own shape. */
export type UserDataValues = UserForm;

export type UserDataPost =
  | {
      kind: 'saved';
      locale: string;
      /** A new address was asked for: it changes when its link is followed. */ emailPending: boolean;
    }
  | {
      kind: 'refused';
      values: UserDataValues;
      errors: FieldErrors;
      /** A refusal of the whole form, in the page's language. */ problem: string | null;
      status: number;
    };

const GENDER_NAME_LIST: readonly string[] = Object.values(GENDER_NAMES);

export function userDataValues(user: User): UserDataValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email ?? '',
    phone: user.phone ?? '',
    gender: user.gender ? GENDER_NAMES[user.gender] : '',
    locale: user.locale,
  };
}

/**
 * The user-data form posted without scripts (or before they ran): the same permission, schema and
 * write as `PUT /api/auth/user`, messages per field as interface strings.
 */
export async function submitUserData(
  form: FormData,
  user: User,
  granted: ReadonlySet<Permission>,
  context: { siteId: string; language: Language; origin: string },
): Promise<UserDataPost> {
  const { siteId, language } = context;
  const gender = formText(form, 'gender');
  const values: UserDataValues = {
    firstName: formText(form, 'firstName'),
    lastName: formText(form, 'lastName'),
    email: formText(form, 'email'),
    phone: formText(form, 'phone'),
    gender: GENDER_NAME_LIST.includes(gender) ? (gender as GenderName) : userDataValues(user).gender,
    locale: formText(form, 'locale'),
  };
  const refused = (errors: FieldErrors, problem: string | null, status: number): UserDataPost => ({ kind: 'refused', values, errors, problem, status });
  if (!granted.has('profile:write')) return refused({}, message('forbidden', language, { permission: 'profile:write' }), 403);
  // The form sends every field: the API's contract for a PUT of all of them.
  const parsed = userUpdateRequest.safeParse({ ...values, fields: gender ? { gender } : {} });
  if (!parsed.success) return refused(fieldErrors(parsed.error, { ...values }), null, 400);
  const site = await findSite(env.DB, siteId);
  const locale = parsed.data.locale ?? values.locale;
  if (!site?.supportedLocale.includes(locale)) return refused({ locale: { key: 'validation.format' } }, null, 400);
  const { fields, ...changes } = parsed.data;
  const saved = await saveProfile({ env, siteId, language, now: Date.now(), origin: context.origin }, user, { ...changes, gender: fields?.gender });
  if (saved.kind === 'refused') return refused({}, saved.message, saved.status);
  return { kind: 'saved', locale, emailPending: saved.kind === 'requested' && parsed.data.email !== null };
}
