import type { ScormVersion } from '../../core/scorm/manifest.ts';
import { base64url } from '../shared/token.ts';

/**
 * What a signed content address lets its holder load: one session's package (its live one, or for
 * a reviewer its draft's), for one user, framed by one platform origin, until it expires. The
 * session page issues it for the signed-in user it lets in; the content origin checks only this
 * signature, since no cookie of the site reaches it.
 */
export interface ContentGrant {
  site: string;
  user: string;
  course: string;
  module: number;
  session: number;
  /** A reviewer's preview: the draft's package. */
  draft: boolean;
  version: ScormVersion;
  /** The origin of the page that frames the package (its CSP's frame-ancestors, the runtime's message partner). */
  platform: string;
  /** The language of the runtime page's own words. */
  locale: string;
  /** Seconds since the epoch. */
  expires: number;
}

/** How long a session page's addresses work at least: a long sitting, not a link to keep. */
export const GRANT_SECONDS = 4 * 60 * 60;
const HOUR = 60 * 60;

/**
 * When a grant signed at `nowMs` expires: at least GRANT_SECONDS away, on the next full hour, so
 * that the addresses a learner gets stay the same within the hour and the browser's cache of the
 * package's files (5 minutes) serves them again.
 */
export const grantExpiry = (nowMs: number): number => Math.ceil((Math.floor(nowMs / 1000) + GRANT_SECONDS) / HOUR) * HOUR;

const encoder = new TextEncoder();

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

/** A key of its own, derived from the session secret: a grant's signature is never a session seal's. */
function grantKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(`tiles-scorm-content\u0000${secret}`), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

/** Whom and what a grant is for; `grantFor` adds its expiry and signs it. */
export type GrantTerms = Omit<ContentGrant, 'expires'>;

/**
 * A grant of `terms` from now (`nowMs`): the token for the content addresses and how many seconds it
 * stays valid from now (a length, not a time: the browser counting it down need not share our clock).
 */
export async function grantFor(secret: string, terms: GrantTerms, nowMs: number): Promise<{ grant: string; validSeconds: number }> {
  const expires = grantExpiry(nowMs);
  return { grant: await signContentGrant(secret, { ...terms, expires }), validSeconds: expires - Math.floor(nowMs / 1000) };
}

/** `{payload}.{signature}`, both base64url: a path segment. */
export async function signContentGrant(secret: string, grant: ContentGrant): Promise<string> {
  const payload = base64url(encoder.encode(JSON.stringify(grant)));
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await grantKey(secret), encoder.encode(payload)));
  return `${payload}.${base64url(signature)}`;
}

/** The grant a token carries, or null when it is not ours, was altered or has expired. */
export async function verifyContentGrant(secret: string, token: string, nowSeconds: number): Promise<ContentGrant | null> {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const signatureBytes = fromBase64url(signature);
  if (!signatureBytes) return null;
  if (!(await crypto.subtle.verify('HMAC', await grantKey(secret), signatureBytes, encoder.encode(payload)))) return null;
  const json = fromBase64url(payload);
  if (!json) return null;
  let grant: ContentGrant;
  try {
    grant = JSON.parse(new TextDecoder().decode(json)) as ContentGrant;
  } catch {
    return null;
  }
  return typeof grant.expires === 'number' && grant.expires > nowSeconds ? grant : null;
}
