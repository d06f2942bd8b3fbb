import { constantTimeEqual } from '../auth/password.ts';

/**
 * Certificate verification codes: 128 random bits (cannot be guessed) followed by a 40-bit HMAC
 * tag under a key derived from SESSION_SECRET (a made-up code is refused without a database
 * lookup). Base32 (RFC 4648, no padding): 26 + 8 = 34 characters, case-insensitive.
 * Changing SESSION_SECRET invalidates the tags of certificates issued before: rotate it together
 * with a re-tag of `ecm_certificate`, or keep the old secret for verification.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const BODY_LENGTH = 26;
const TAG_LENGTH = 8;
export const CODE_LENGTH = BODY_LENGTH + TAG_LENGTH;
const LABEL = 'tiles-ecm-certificate-code-v1';

function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

async function hmac(key: BufferSource, data: string): Promise<Uint8Array<ArrayBuffer>> {
  const imported = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', imported, new TextEncoder().encode(data)));
}

async function tag(secret: string, body: string): Promise<string> {
  // The code key is derived, never the session secret itself.
  const key = await hmac(new TextEncoder().encode(secret), LABEL);
  return base32((await hmac(key, body)).slice(0, 5));
}

export async function newCertificateCode(secret: string): Promise<string> {
  const body = base32(crypto.getRandomValues(new Uint8Array(16)));
  return body + (await tag(secret, body));
}

/** The code in its stored form (upper case), or null when it is malformed or its tag is forged. */
export async function checkCertificateCode(secret: string, input: string): Promise<string | null> {
  const code = input.trim().toUpperCase();
  if (code.length !== CODE_LENGTH || ![...code].every((char) => ALPHABET.includes(char))) return null;
  const body = code.slice(0, BODY_LENGTH);
  const expected = new TextEncoder().encode(await tag(secret, body));
  return constantTimeEqual(new TextEncoder().encode(code.slice(BODY_LENGTH)), expected) ? code : null;
}
