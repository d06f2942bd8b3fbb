import type { Env } from './env.ts';
import { UNCHECKED_SUPPORT_WINDOW_MS } from '../core/support-allowance.ts';
import { purgeUsedChallenges } from './data/auth/bot-check.ts';
import { purgeExpiredFederatedLogins } from './data/auth/federated-logins.ts';
import { forgetUncheckedSenders } from './data/support/requests.ts';
import { purgeExpiredCounters } from './data/auth/throttle.ts';
import { discardIdleUploads } from './media/idle-uploads.ts';

export interface Housekeeping {
  throttleCounters: number;
  usedChallenges: number;
  federatedLogins: number;
  supportSenders: number;
  mediaUploads: number;
}

/**
 * What the Cron Trigger (wrangler.toml `[triggers]`) clears: rows that only ever guarded something
 * for a while (without it, every unknown user code an attacker tries would stay in D1 for good),
 * and media uploads abandoned half way, whose parts R2 would otherwise keep.
 */
export async function runHousekeeping(env: Pick<Env, 'DB' | 'MEDIA'>, now: number): Promise<Housekeeping> {
  const [throttleCounters, usedChallenges, federatedLogins, supportSenders, mediaUploads] = await Promise.all([
    purgeExpiredCounters(env.DB, now),
    purgeUsedChallenges(env.DB, now),
    purgeExpiredFederatedLogins(env.DB, now),
    forgetUncheckedSenders(env.DB, now - UNCHECKED_SUPPORT_WINDOW_MS),
    discardIdleUploads(env, now),
  ]);
  return { throttleCounters, usedChallenges, federatedLogins, supportSenders, mediaUploads };
}
