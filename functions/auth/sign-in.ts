import type { Env } from '../env.ts';
import { addressKey, clientAddress } from '../client-address.ts';
import { BOT_CHECK_REQUIRED, verifyBotCheck } from './bot-check.ts';
import { detectPlatform } from '../../core/platform.ts';
import { eventStatement } from '../data/events.ts';
import { clearCounter, countAttempt } from '../data/auth/throttle.ts';
import { issueTokens } from '../data/auth/tokens.ts';
import { rememberDevice, trustedDevice } from './device-cookie.ts';
import { findUserToSignIn, type User } from '../data/auth/users.ts';
import type { Language } from '../messages.ts';
import { authMessage } from './messages.ts';
import { peopleMessage } from '../people/messages.ts';
import { DUMMY_HASH, verifyPassword } from './password.ts';
import { sealSession, sessionSetCookie } from './session-cookie.ts';
import { assertSessionSecret } from './session-secret.ts';
import { FREE_ATTEMPTS, waitMinutes } from '../../core/sign-in-throttle.ts';

export interface SignInRequest {
  env: Env;
  /** The caller's request: its address (CF-Connecting-IP) and URL (the cookie's Secure flag). */
  request: Request;
  siteId: string;
  language: Language;
  now: number;
}

export interface Credentials {
  /** User code or e-mail address, already trimmed. */
  cu: string;
  cp: string;
  /** The solved bot check (ALTCHA payload), needed after repeated failures. */
  altcha?: string;
  /** The browser's user agent as the client reports it (else the request's header): the audit event's platform. */
  ua?: string;
}

export type SignInResult =
  | { kind: 'signed-in'; user: User; /** Set-Cookie values: the session (t-ssid) and the trusted device (t-dev). */ cookies: string[] }
  | {
      kind: 'refused';
      status: 401 | 403 | 428 | 429;
      message: string;
      /** The password was right but the account awaits its e-mail's confirmation: the form offers a new link. */
      unconfirmed?: boolean;
      /** Retry-After, or the bot-check signal the form reacts to. */
      headers: Record<string, string>;
      /** Whether the next attempt must carry a solved bot check. */
      botCheck: boolean;
    };

/**
 * Password sign-in, throttled per account (or per trusted device: functions/auth/device-cookie.ts) and
 * per address (core/sign-in-throttle.ts), for
 * both the API (`POST /api/auth/login`) and the sign-in page's own form post. The account is named
 * by its user code or its e-mail address (functions/data/auth/users.ts); both count on one counter,
 * the account's (keyed by its code), so typing the address instead of the code earns no extra
 * attempts. An unknown name is counted under what was typed, checked and answered exactly like a
 * known one: the answers, the status and the work done (a dummy hash) are the same, so they tell
 * nobody which codes or addresses exist. An account that awaits its confirmation is told so only
 * after its password was right.
 */
export async function signInWithPassword({ env, request, siteId, language, now }: SignInRequest, credentials: Credentials): Promise<SignInResult> {
  const secret = assertSessionSecret(env);
  const { DB } = env;
  const found = await findUserToSignIn(DB, siteId, credentials.cu);
  const account = `${siteId}/${(found?.user.code ?? credentials.cu).toLowerCase()}`;
  const cookieHeader = request.headers.get('cookie');
  const keys = { account, address: addressKey(clientAddress(request)), device: await trustedDevice(cookieHeader, account, secret, now) };
  const locked = (waitMs: number): SignInResult => ({
    kind: 'refused',
    status: 429,
    message: authMessage('signInLocked', language, { minutes: String(waitMinutes(waitMs)) }),
    headers: { 'retry-after': String(Math.ceil(waitMs / 1000)) },
    botCheck: false,
  });
  // A solved bot check is verified first (each is accepted once), then the attempt is counted
  // before its password is checked: parallel attempts cannot slip past a limit, and one refused
  // here is counted nowhere.
  const solved = credentials.altcha ? await verifyBotCheck(DB, secret, credentials.altcha, now) : false;
  const attempt = await countAttempt(DB, keys, now, solved);
  if (attempt.kind === 'locked') return locked(attempt.lockedUntil - now);
  if (attempt.kind === 'bot-check') {
    const refusal = authMessage(credentials.altcha ? 'botCheckInvalid' : 'botCheckRequired', language);
    return { kind: 'refused', status: 428, message: refusal, headers: BOT_CHECK_REQUIRED, botCheck: true };
  }
  // Verify against a dummy hash for unknown users too: same work, same timing.
  const ok = await verifyPassword(credentials.cp, found?.passwordHash ?? DUMMY_HASH, env.PASSWORD_PEPPER);
  if (!found || !found.passwordHash || !ok) {
    // This attempt's own count set the lock when it reached it.
    const { lockedUntil } = attempt.target;
    if (lockedUntil !== null && lockedUntil > now) return locked(lockedUntil - now);
    const botCheck = attempt.target.failures >= FREE_ATTEMPTS || attempt.address.failures >= FREE_ATTEMPTS;
    return {
      kind: 'refused',
      status: 401,
      message: authMessage('invalidCredentials', language),
      headers: botCheck ? BOT_CHECK_REQUIRED : {},
      botCheck,
    };
  }
  // The right password is no guess, whatever the account's status: its attempt is taken back.
  await clearCounter(DB, keys);
  if (found.pending)
    return { kind: 'refused', status: 403, message: authMessage('signInUnconfirmed', language), headers: {}, botCheck: false, unconfirmed: true };
  // Said only to whoever knows the password: a suspended account opens no session.
  if (found.user.status === 'suspended') {
    return { kind: 'refused', status: 403, message: peopleMessage('accountSuspended', language), headers: {}, botCheck: false };
  }
  // The audit trail keeps each sign-in and the platform it came from.
  const platform = detectPlatform(credentials.ua || request.headers.get('user-agent') || '');
  const { user } = found;
  const tokens = await issueTokens(DB, user.id, now, { event: eventStatement(DB, siteId, user.id, 'auth.login.password', platform, now) });
  const url = new URL(request.url);
  return {
    kind: 'signed-in',
    user,
    cookies: [sessionSetCookie(await sealSession({ ...tokens, userId: user.id }, secret), url), await rememberDevice(cookieHeader, account, secret, now, url)],
  };
}
