import type { Challenge } from 'altcha-lib';
import type { z } from 'zod';
import type { loginRequest, userUpdateRequest } from '../../core/contracts/user.ts';
import type { emailConfirmRequest } from '../../core/contracts/email-change.ts';
import { confirmEmail } from './email-change.ts';
import type { ApiContext } from '../api-context.ts';
import { signInWithPassword } from './sign-in.ts';
import { createBotChallenge } from './bot-check.ts';
import { findSite } from '../data/site/sites.ts';
import { findUserById, toApiUser, type ApiUser } from '../data/auth/users.ts';
import { saveProfile } from './profile-update.ts';
import { HttpError, refusal } from '../http-error.ts';
import { logout as endSessions } from './logout.ts';
import { message } from '../messages.ts';
import { clearSessionCookie } from './session-cookie.ts';
import { assertSessionSecret } from './session-secret.ts';
import type { Session } from './session.ts';

/** Password sign-in: the rules are functions/auth/sign-in.ts, shared with the sign-in page's form post. */
export async function login(context: ApiContext, { json: body }: { json: z.output<typeof loginRequest> }): Promise<ApiUser> {
  const result = await signInWithPassword(context, body);
  if (result.kind === 'refused') throw refusal(result.status, result.message, result.headers);
  context.cookies.push(...result.cookies);
  return toApiUser(context.env.DB, result.user);
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
  const { redirect } = await endSessions(context.env, session, 'session', { home: homeOf(context, session), now: context.now });
  context.cookies.length = 0;
  context.cookies.push(clearSessionCookie(context.url));
  return { redirect };
}

/** Ends every session of the signed-in user, on every device, this one included. */
export async function logoutAll(context: ApiContext): Promise<{ revoked: number }> {
  const session = await context.requireSession();
  const { revoked } = await endSessions(context.env, session, 'everywhere', { home: homeOf(context, session), now: context.now });
  context.cookies.length = 0;
  context.cookies.push(clearSessionCookie(context.url));
  return { revoked };
}

const homeOf = (context: ApiContext, session: Session | null) => new URL(`/${session?.user.locale ?? context.localeCode}`, context.url).href;

export async function getUser(context: ApiContext): Promise<ApiUser> {
  const session = await context.requireSession();
  return toApiUser(context.env.DB, session.user);
}

/** Changes only the fields sent: a field left out keeps its value; a new address waits for its link (core/contracts/user.ts). */
export async function putUser(context: ApiContext, { json: body }: { json: z.output<typeof userUpdateRequest> }): Promise<ApiUser> {
  const session = await context.requireSession();
  const site = await findSite(context.env.DB, session.user.siteId);
  if (body.locale !== undefined && !site?.supportedLocale.includes(body.locale)) {
    throw new HttpError(400, message('invalidField', context.language, { field: 'locale', detail: body.locale }));
  }
  const saved = await saveProfile({ ...context, siteId: session.user.siteId, origin: context.url.origin }, session.user, {
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email,
    phone: body.phone,
    locale: body.locale,
    gender: body.fields?.gender,
  });
  if (saved.kind === 'refused') throw refusal(saved.status, saved.message, { 'retry-after': '3600' });
  const updated = await findUserById(context.env.DB, session.user.id);
  if (!updated) throw new HttpError(401, message('unauthorized', context.language));
  return toApiUser(context.env.DB, updated);
}

/** The link sent to a new address followed: the address becomes the account's (functions/auth/email-change.ts). */
export async function postEmailConfirm(context: ApiContext, { json: body }: { json: z.output<typeof emailConfirmRequest> }): Promise<{ email: string }> {
  await context.requireKnownSite();
  const result = await confirmEmail({ ...context, origin: context.url.origin }, body.token);
  if (result.kind === 'refused') throw new HttpError(result.reason === 'taken' ? 409 : 400, result.message);
  return { email: result.email };
}
