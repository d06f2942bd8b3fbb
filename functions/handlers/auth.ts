import type { z } from 'zod';
import type { loginRequest, userUpdateRequest } from '../../core/contracts/user.ts';
import type { ApiContext } from '../api-context.ts';
import { issueTokens } from '../data/tokens.ts';
import { findSite } from '../data/site.ts';
import { findUserByCode, findUserById, loadUser, updateUser, type User } from '../data/users.ts';
import { HttpError, refusal } from '../http-error.ts';
import { message } from '../messages.ts';
import { DUMMY_HASH, verifyPassword } from '../password.ts';
import { clearSessionCookie, sealSession, sessionSetCookie } from '../session-cookie.ts';
import { assertSessionSecret } from '../session-secret.ts';
import { eventStatement } from '../data/events.ts';
import { BOT_CHECK_REQUIRED, createBotChallenge, verifyBotCheck } from '../bot-check.ts';
import { clearCounter, readCounters, recordFailure } from '../data/throttle.ts';
import { rememberDevice, trustedDevice } from '../device-cookie.ts';
import { gate, waitMinutes } from '../sign-in-throttle.ts';
import type { Challenge } from 'altcha-lib';
import { GENDER_BY_NAME } from '../gender.ts';
import { logout as endSessions } from '../logout.ts';
import type { Session } from '../session.ts';
import { detectPlatform } from '../../core/platform.ts';

/**
 * Password sign-in, throttled per account (or per trusted device) and per address
 * (functions/sign-in-throttle.ts, functions/device-cookie.ts). An unknown user code is counted,
 * checked and answered exactly like a known one: the answers, the status and the work done (a
 * dummy hash) are the same, so they tell nobody which codes exist.
 */
export async function login(context: ApiContext, { json: body }: { json: z.output<typeof loginRequest> }): Promise<User> {
  const secret = assertSessionSecret(context.env);
  const { DB } = context.env;
  const account = `${context.siteId}/${body.cu.toLowerCase()}`;
  const cookieHeader = context.request.headers.get('cookie');
  const keys = { account, address: clientAddress(context.request), device: await trustedDevice(cookieHeader, account, secret, context.now) };
  const locked = (waitMs: number) => refusal(429, message('signInLocked', context.language, { minutes: String(waitMinutes(waitMs)) }), { 'retry-after': String(Math.ceil(waitMs / 1000)) });
  const counters = await readCounters(DB, keys);
  const { waitMs, botCheck } = gate(counters.target, counters.address, context.now);
  if (waitMs > 0) throw locked(waitMs);
  if (botCheck) {
    if (!body.altcha) throw refusal(428, message('botCheckRequired', context.language), BOT_CHECK_REQUIRED);
    if (!(await verifyBotCheck(DB, secret, body.altcha, context.now))) throw refusal(428, message('botCheckInvalid', context.language), BOT_CHECK_REQUIRED);
  }
  const row = await findUserByCode(DB, context.siteId, body.cu);
  // Verify against a dummy hash for unknown users too: same work, same timing.
  const ok = await verifyPassword(body.cp, row?.password_hash ?? DUMMY_HASH, context.env.PASSWORD_PEPPER);
  if (!row || !row.password_hash || !ok) {
    const now = await recordFailure(DB, keys, counters, context.now);
    const next = gate(now.target, now.address, context.now);
    if (next.waitMs > 0) throw locked(next.waitMs);
    throw refusal(401, message('invalidCredentials', context.language), next.botCheck ? BOT_CHECK_REQUIRED : {});
  }
  await clearCounter(DB, keys);
  // The audit trail keeps each sign-in and the platform it came from (the body's ua, else the header's).
  const platform = detectPlatform(body.ua || context.request.headers.get('user-agent') || '');
  const tokens = await issueTokens(DB, row.id, context.now, { event: eventStatement(DB, context.siteId, row.id, 'auth.login.password', platform, context.now) });
  context.cookies.push(sessionSetCookie(await sealSession(tokens, secret), context.url));
  context.cookies.push(await rememberDevice(cookieHeader, account, secret, context.now, context.url));
  return loadUser(context.env.DB, row);
}

/** Cloudflare sets CF-Connecting-IP at its edge (a client cannot forge it there). */
function clientAddress(request: Request): string {
  return request.headers.get('cf-connecting-ip')?.slice(0, 64) ?? 'unknown';
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

export async function getUser(context: ApiContext): Promise<User> {
  const session = await context.requireSession();
  return loadUser(context.env.DB, session.user);
}

/** Changes only the fields sent: a field left out keeps its value (core/contracts/user.ts). */
export async function putUser(context: ApiContext, { json: body }: { json: z.output<typeof userUpdateRequest> }): Promise<User> {
  const session = await context.requireSession();
  const site = await findSite(context.env.DB, session.user.site_id);
  if (body.locale !== undefined && !site?.supportedLocale.includes(body.locale)) {    throw new HttpError(400, message('invalidField', context.language, { field: 'locale', detail: body.locale }));
  }
  await updateUser(
    context.env.DB,
    session.user.id,
    { firstName: body.firstName, lastName: body.lastName, email: body.email, phone: body.phone, locale: body.locale, gender: body.fields?.gender && GENDER_BY_NAME[body.fields.gender] },
    context.now,
  );
  const row = await findUserById(context.env.DB, session.user.id);
  if (!row) throw new HttpError(401, message('unauthorized', context.language));
  return loadUser(context.env.DB, row);
}
