import { env } from 'cloudflare:workers';
import { stringifySetCookie } from 'cookie';
import { readCookie } from '../../functions/auth/session-cookie.ts';
import { findUserById } from '../../functions/data/auth/users.ts';

/**
 * After a link sets a password or activates an account (reset, invitation, confirmation), the
 * sign-in page opens with the account's address (or user code) already typed: the person adds
 * the password they just chose. Carried in a cookie only the sign-in page reads, for ten minutes,
 * never in the address (where logs and history would keep it).
 */
const HINT_COOKIE = 't-signin-hint';
const HINT_SECONDS = 600;

/** The Set-Cookie of the account's sign-in identifier, or null for an account that is gone. */
export async function signInHintCookie(userId: string, url: URL): Promise<string | null> {
  const user = await findUserById(env.DB, userId);
  if (!user) return null;
  return stringifySetCookie({
    name: HINT_COOKIE,
    value: user.email ?? user.code,
    httpOnly: true,
    sameSite: 'lax',
    secure: url.protocol === 'https:',
    path: '/tiles-access',
    maxAge: HINT_SECONDS,
  });
}

/** The identifier the sign-in page starts with, if a link just left one. */
export function signInHint(request: Request): string {
  return (readCookie(request.headers.get('cookie'), HINT_COOKIE) ?? '').slice(0, 254);
}
