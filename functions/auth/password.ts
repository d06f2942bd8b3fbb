// Self-contained (WebCrypto only, no imports) so that the seed script can run it under Node too.

/**
 * Production Workers refuse PBKDF2 above 100,000 iterations; the pepper (an HMAC key kept as a
 * Worker secret, never in D1) makes up for the low count: a stolen database alone cannot be
 * brute-forced. The scheme and count are stored with each hash so they can be raised later.
 */
export const PBKDF2_ITERATIONS = 100_000;
export const PASSWORD_MAX_LENGTH = 128;
const SCHEME = 'pbkdf2-sha256-hmac';

const encoder = new TextEncoder();

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function pepper(password: string, pepperSecret: string): Promise<ArrayBuffer> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(pepperSecret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return crypto.subtle.sign('HMAC', key, encoder.encode(password));
}

async function derive(password: string, pepperSecret: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const peppered = await pepper(password, pepperSecret);
  const key = await crypto.subtle.importKey('raw', peppered, 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

/** Returns `scheme$iterations$salt$hash`, all that is needed to verify the password later. */
export async function hashPassword(password: string, pepperSecret: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, pepperSecret, salt, iterations);
  return [SCHEME, String(iterations), toBase64(salt), toBase64(hash)].join('$');
}

export async function verifyPassword(password: string, stored: string, pepperSecret: string): Promise<boolean> {
  const [scheme, iterationsText, saltText, hashText] = stored.split('$');
  const iterations = Number(iterationsText);
  if (scheme !== SCHEME || !Number.isInteger(iterations) || iterations < 1 || !saltText || !hashText) return false;
  const expected = fromBase64(hashText);
  const actual = await derive(password, pepperSecret, fromBase64(saltText), iterations);
  return constantTimeEqual(actual, expected);
}

/** Compares two byte strings without exiting early, so timing tells nothing about where they differ. */
export function constantTimeEqual(left: Uint8Array, right: Uint8Array): boolean {
  if (left.length !== right.length) return false;
  let difference = 0;
  for (let i = 0; i < left.length; i++) difference |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return difference === 0;
}

/** A hash verified against when the user does not exist, so timing does not reveal valid user codes. */
export const DUMMY_HASH = `${SCHEME}$${PBKDF2_ITERATIONS}$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`;
