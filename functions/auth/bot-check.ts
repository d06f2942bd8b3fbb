import { createChallenge, randomInt, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { verify } from 'altcha-lib/frameworks/shared';
import type { D1Database } from '@cloudflare/workers-types';
import { markChallengeUsed } from '../data/auth/bot-check.ts';

/**
 * The self-hosted proof-of-work bot check (ALTCHA): no third party, no cookie. Challenges are
 * signed with a key derived from the session secret, expire after ten minutes, and each one is
 * accepted once: its id goes into D1 when it is used.
 */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;
/** The header that tells a form to show the bot check (with 428, or with a 401 that makes it due). */
export const BOT_CHECK_REQUIRED = { 'tiles-bot-check': 'required' };
// About a second of work for a browser's Web Worker; a bot pays it on every attempt.
const COST = 1_000;

async function secrets(sessionSecret: string): Promise<{ signature: string; key: string }> {
  const hmacKey = await crypto.subtle.importKey('raw', new TextEncoder().encode(sessionSecret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const derive = async (label: string) =>
    [...new Uint8Array(await crypto.subtle.sign('HMAC', hmacKey, new TextEncoder().encode(label)))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return { signature: await derive('altcha-signature'), key: await derive('altcha-key-signature') };
}

export async function createBotChallenge(sessionSecret: string, now: number): Promise<Challenge> {
  const { signature, key } = await secrets(sessionSecret);
  return createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: COST,
    counter: randomInt(500, 2_000),
    deriveKey,
    expiresAt: new Date(now + CHALLENGE_TTL_MS),
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: key,
  });
}

/** Whether the widget's payload solves one of our challenges, unexpired and not used before. */
export async function verifyBotCheck(db: D1Database, sessionSecret: string, payload: string, now: number): Promise<boolean> {
  const { signature, key } = await secrets(sessionSecret);
  const store = {
    get: () => false,
    set: () => undefined,
    setIfAbsent: (id: string) => markChallengeUsed(db, id, now + CHALLENGE_TTL_MS, now),
  };
  const result = await verify(payload, deriveKey, signature, key, store);
  return result.error === null;
}
