import { parseCookie, stringifySetCookie } from 'cookie';
import { defaults, seal, unseal } from 'iron-webcrypto';

export const SESSION_COOKIE = 't-ssid';
/** "Long max age" (SPEC section 9): the refresh token bounds the real session length. */
export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 180;

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
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
  return typeof record.accessToken === 'string' && typeof record.refreshToken === 'string';
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
