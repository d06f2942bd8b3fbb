import { stringifySetCookie } from 'cookie';
import { readCookie } from './session-cookie.ts';

/**
 * OWASP's device cookie against lock-out as a denial of service: after a successful sign-in the
 * browser keeps a signed entry bound to that account. Failures from a browser showing a valid
 * entry for the account are charged to that device, so a stranger who knows a user code can lock
 * the code's shared counter but not the owner's own devices. Only the server can sign an entry
 * (HMAC under a key derived from SESSION_SECRET); the account is inside the MAC, never in clear.
 */
export const DEVICE_COOKIE = 't-dev';
export const DEVICE_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;
/** A shared workstation keeps entries for a few accounts; the oldest drops out first. */
export const MAX_DEVICE_ENTRIES = 5;
const ENTRY = /^([A-Za-z0-9_-]{22})\.([0-9a-z]{1,11})\.([A-Za-z0-9_-]{43})$/;

const encoder = new TextEncoder();

function base64url(bytes: ArrayBuffer | Uint8Array): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

// Its own key, so that a device MAC can never be replayed as any other signature made from the secret.
async function deviceKey(sessionSecret: string): Promise<CryptoKey> {
  const root = await crypto.subtle.importKey('raw', encoder.encode(sessionSecret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const derived = await crypto.subtle.sign('HMAC', root, encoder.encode('tiles-device-cookie-v1'));
  return crypto.subtle.importKey('raw', derived, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

const signed = (account: string, id: string, issuedAt: string) => encoder.encode(`${account}\n${id}\n${issuedAt}`);

function entries(cookieHeader: string | null): string[] {
  const value = readCookie(cookieHeader, DEVICE_COOKIE);
  return value
    ? value
        .split('~')
        .filter((entry) => ENTRY.test(entry))
        .slice(0, MAX_DEVICE_ENTRIES)
    : [];
}

function base64urlBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The id of this browser's device entry for the account (site and user code), if one verifies and has not expired. */
export async function trustedDevice(cookieHeader: string | null, account: string, sessionSecret: string, now: number): Promise<string | null> {
  const candidates = entries(cookieHeader);
  if (candidates.length === 0) return null;
  const key = await deviceKey(sessionSecret);
  for (const entry of candidates) {
    const [, id = '', issued = '', mac = ''] = ENTRY.exec(entry) ?? [];
    if (now - parseInt(issued, 36) > DEVICE_MAX_AGE_SECONDS * 1000) continue;
    // crypto.subtle.verify compares in constant time.
    if (await crypto.subtle.verify('HMAC', key, base64urlBytes(mac), signed(account, id, issued))) return id;
  }
  return null;
}

/**
 * The Set-Cookie that makes this browser a trusted device of the account: a fresh entry first,
 * then the entries of other accounts already there (the account's old entry is replaced).
 */
export async function rememberDevice(cookieHeader: string | null, account: string, sessionSecret: string, now: number, url: URL): Promise<string> {
  const previous = await trustedDevice(cookieHeader, account, sessionSecret, now);
  const id = base64url(crypto.getRandomValues(new Uint8Array(16)));
  const issued = now.toString(36);
  const mac = base64url(await crypto.subtle.sign('HMAC', await deviceKey(sessionSecret), signed(account, id, issued)));
  const others = entries(cookieHeader).filter((entry) => !previous || !entry.startsWith(`${previous}.`));
  return stringifySetCookie({
    name: DEVICE_COOKIE,
    value: [`${id}.${issued}.${mac}`, ...others].slice(0, MAX_DEVICE_ENTRIES).join('~'),
    httpOnly: true,
    sameSite: 'strict',
    secure: url.protocol === 'https:',
    path: '/',
    maxAge: DEVICE_MAX_AGE_SECONDS,
  });
}
