import { parseCookie, stringifySetCookie } from 'cookie';
import { defaults, seal, unseal } from 'iron-webcrypto';

export const SESSION_COOKIE = 't-ssid';
/** A long max age: the refresh token bounds the real session length. */
export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 180;

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  /**
   * Whose tokens they are, sealed with them: a page's own reads can then ride in the session's
   * batch (functions/auth/session.ts), never trusted without the token's row agreeing. Cookies
   * sealed before it was added have none.
   */
  userId?: string;
}

export type UnsealResult =
  | { kind: 'none' }
  | { kind: 'ok'; tokens: SessionTokens }
  /** Expired seal, bad signature, malformed value: the request is a visitor's. */
  | { kind: 'invalid'; reason: string };

export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  return parseCookie(header)[name];
}

export async function sealSession(tokens: SessionTokens, secret: string): Promise<string> {
  return seal(tokens, secret, { ...defaults, ttl: SESSION_MAX_AGE_SECONDS * 1000 });
}

export async function unsealSession(value: string | undefined, secret: string): Promise<UnsealResult> {
  if (!value) return { kind: 'none' };
  try {
    const data = await unseal(value, secret, { ...defaults, ttl: SESSION_MAX_AGE_SECONDS * 1000 });
    if (isSessionTokens(data)) return { kind: 'ok', tokens: data };
    return { kind: 'invalid', reason: 'Unexpected session content' };
  } catch (error) {
    return { kind: 'invalid', reason: error instanceof Error ? error.message : String(error) };
  }
}

function isSessionTokens(value: unknown): value is SessionTokens {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.accessToken === 'string' && typeof record.refreshToken === 'string' && (record.userId === undefined || typeof record.userId === 'string')
  );
}

/** Secure everywhere but plain-http localhost, where browsers would drop a Secure cookie. */
function isSecure(url: URL): boolean {
  return url.protocol === 'https:';
}

export function sessionSetCookie(sealed: string, url: URL): string {
  return stringifySetCookie({
    name: SESSION_COOKIE,
    value: sealed,
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecure(url),
    path: '/',
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

export function clearSessionCookie(url: URL): string {
  return stringifySetCookie({
    name: SESSION_COOKIE,
    value: '',
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecure(url),
    path: '/',
    maxAge: 0,
    expires: new Date(0),
  });
}

/**
 * A display hint beside the HttpOnly session cookie, readable by the page's own script: the
 * pre-rendered pages show the signed-in header when it says so. Not a secret and never trusted:
 * the server decides who is signed in from t-ssid alone.
 */
export const SESSION_MARKER_COOKIE = 't-in';

/** The marker's Set-Cookie: set with t-ssid's lifetime, or cleared. */
export function sessionMarkerCookie(signedIn: boolean, url: URL): string {
  return stringifySetCookie({
    name: SESSION_MARKER_COOKIE,
    value: signedIn ? '1' : '',
    sameSite: 'strict',
    secure: isSecure(url),
    path: '/',
    maxAge: signedIn ? SESSION_MAX_AGE_SECONDS : 0,
    ...(signedIn ? {} : { expires: new Date(0) }),
  });
}

/**
 * The marker that goes with a t-ssid Set-Cookie value (set, renewed or cleared), or null when
 * the value is not t-ssid's. Deriving it from the response keeps the two together wherever a
 * session starts, renews or ends.
 */
export function markerForSessionCookie(setCookie: string, url: URL): string | null {
  const [pair = '', ...attributes] = setCookie.split(';').map((part) => part.trim());
  const separator = pair.indexOf('=');
  if (separator < 0 || pair.slice(0, separator) !== SESSION_COOKIE) return null;
  const cleared = pair.slice(separator + 1) === '' || attributes.some((attribute) => /^max-age=0$/i.test(attribute));
  return sessionMarkerCookie(!cleared, url);
}

/**
 * A response's Set-Cookie values with the marker matching its last t-ssid value, if it has one
 * (any other marker value is dropped); unchanged otherwise.
 */
export function withSessionMarker(setCookies: readonly string[], url: URL): string[] {
  const marker = setCookies.map((value) => markerForSessionCookie(value, url)).findLast((value) => value !== null);
  if (!marker) return [...setCookies];
  return [...setCookies.filter((value) => !value.startsWith(`${SESSION_MARKER_COOKIE}=`)), marker];
}
