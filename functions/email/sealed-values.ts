/**
 * A message's values sealed for the outbox: they may hold a live link (a password reset's token),
 * which D1, its backups and its readers must not see, since the token itself is kept only as a
 * hash. AES-GCM under a key derived from SESSION_SECRET, bound to the outbox row's id, so a sealed
 * payload opens only in its own row.
 */
const encoder = new TextEncoder();

/** Derived once per secret and isolate: an import seals thousands of messages. */
const keys = new Map<string, Promise<CryptoKey>>();

function outboxKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = deriveKey(secret);
    keys.set(secret, key);
  }
  return key;
}

async function deriveKey(secret: string): Promise<CryptoKey> {
  const hmac = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const raw = await crypto.subtle.sign('HMAC', hmac, encoder.encode('email-outbox-values'));
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (character) => character.charCodeAt(0));

export async function sealValues(values: Record<string, string | number>, secret: string, rowId: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(rowId) },
    await outboxKey(secret),
    encoder.encode(JSON.stringify(values)),
  );
  return `${toBase64(iv)}.${toBase64(new Uint8Array(sealed))}`;
}

/** The values again; throws when the payload was sealed under another secret or for another row. */
export async function openValues(payload: string, secret: string, rowId: string): Promise<Record<string, string | number>> {
  const [iv = '', sealed = ''] = payload.split('.');
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(iv), additionalData: encoder.encode(rowId) },
    await outboxKey(secret),
    fromBase64(sealed),
  );
  return JSON.parse(new TextDecoder().decode(plain)) as Record<string, string | number>;
}
