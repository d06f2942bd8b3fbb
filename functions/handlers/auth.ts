import { z } from 'zod';
import type { ApiContext } from '../api-context.ts';
import { revokeTokens, revokeUserTokens } from '../data/tokens.ts';
import { findUserById, loadUser, updateUser, type User } from '../data/users.ts';
import { HttpError, refusal } from '../http-error.ts';
import { message } from '../messages.ts';
import { PASSWORD_MAX_LENGTH } from '../password.ts';
import { clearSessionCookie } from '../session-cookie.ts';
import { assertSessionSecret } from '../session-secret.ts';
import { readJson } from '../read-json.ts';
import { eventStatement } from '../data/events.ts';
import { createBotChallenge } from '../bot-check.ts';
import { signInWithPassword } from '../auth/sign-in.ts';
import type { Challenge } from 'altcha-lib';
import { validate } from '../validate.ts';
import { GENDER_BY_NAME } from '../gender.ts';
import { federatedLogoutUrl } from '../oidc/logout-target.ts';

export const loginBody = z.object({
  cu: z.string().trim().min(1).max(64),
  cp: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  ua: z.string().max(512).optional(),
  /** The solved bot check (ALTCHA payload), needed after repeated failures. */
  altcha: z.string().max(8192).optional(),
});


/** Password sign-in: the rules are functions/auth/sign-in.ts, shared with the sign-in page's form post. */
export async function login(context: ApiContext): Promise<User> {
  const body = validate(loginBody, await readJson(context), context.language);
  const result = await signInWithPassword(context, body);
  if (result.kind === 'refused') throw refusal(result.status, result.message, result.headers);
  context.cookies.push(result.cookie);
  return loadUser(context.env.DB, result.user);
}

/** A fresh bot-check challenge for the sign-in and support forms (the widget solves it). */
export async function getChallenge(context: ApiContext): Promise<Challenge> {
  return createBotChallenge(assertSessionSecret(context.env), context.now);
}

export interface LogoutOutcome {
  /** Where the browser goes next: the provider's logout page for Medikey federations. */
  redirect: string | null;
}

export async function logout(context: ApiContext): Promise<LogoutOutcome> {
  const session = await context.session();
  let redirect: string | null = null;
  if (session) {
    await revokeTokens(context.env.DB, session.tokens, context.now);
    const user = await loadUser(context.env.DB, session.user);
    redirect = await federatedLogoutUrl(context.env, user, new URL(`/${user.locale}`, context.url).href);
  }
  context.cookies.length = 0;
  context.cookies.push(clearSessionCookie(context.url));
  return { redirect };
}

/** Ends every session of the signed-in user, on every device, this one included. */
export async function logoutAll(context: ApiContext): Promise<{ revoked: number }> {
  const session = await context.requireSession();
  const revoked = await revokeUserTokens(context.env.DB, session.user.id, context.now);
  await eventStatement(context.env.DB, context.siteId, session.user.id, 'auth.logout.all', `${revoked} tokens`, context.now).run();
  context.cookies.length = 0;
  context.cookies.push(clearSessionCookie(context.url));
  return { revoked };
}

export async function getUser(context: ApiContext): Promise<User> {
  const session = await context.requireSession();
  return loadUser(context.env.DB, session.user);
}

const LOCALE_CODE = /^[a-z]{2}-[A-Z]{2}$/;
const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

/** Editable fields only: role, code and ids in the body are ignored, never written. */
export const userBody = z.object({
  firstName: z.string().trim().min(1).max(80),
  lastName: z.string().trim().min(1).max(80),
  email: nullableText(254).pipe(z.email().nullable()),
  phone: nullableText(20).pipe(z.string().regex(/^\+?[0-9]{6,15}$/).nullable()),
  locale: z.string().regex(LOCALE_CODE),
  fields: z
    .object({ gender: z.enum(['maschile', 'femminile', 'neutro', 'm', 'f', 'n']).default('m') })
    .default({ gender: 'm' }),
});

export async function putUser(context: ApiContext): Promise<User> {
  const session = await context.requirePermission('profile:write');
  const body = validate(userBody, await readJson(context), context.language);
  const supported = await context.env.DB.prepare('SELECT supported_locales FROM site WHERE id = ?')
    .bind(session.user.site_id)
    .first<{ supported_locales: string }>();
  const locales: unknown = JSON.parse(supported?.supported_locales ?? '[]');
  if (!Array.isArray(locales) || !locales.includes(body.locale)) {
    throw new HttpError(400, message('invalidField', context.language, { field: 'locale', detail: body.locale }));
  }
  await updateUser(
    context.env.DB,
    session.user.id,
    { ...body, gender: GENDER_BY_NAME[body.fields.gender] },
    context.now,
  );
  const row = await findUserById(context.env.DB, session.user.id);
  if (!row) throw new HttpError(401, message('unauthorized', context.language));
  return loadUser(context.env.DB, row);
}
