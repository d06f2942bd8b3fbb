import { addressKey, clientAddress } from '../client-address.ts';

/**
 * Who sent a support request without the bot check, as a keyed hash of the address: enough to
 * count a sender's requests, never the address itself.
 */
export async function uncheckedSender(request: Request, sessionSecret: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(`support-sender:${sessionSecret}`), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(addressKey(clientAddress(request)))));
  return [...mac.slice(0, 16)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
